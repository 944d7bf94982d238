// A finished game's replay playing by itself (docs/web.md): "▶ Play" advances the scrubber one
// step about every second, the next step's board picture asked for one step ahead so that it is
// in the browser's cache when its turn comes; "⏸ Pause" stops it, as do the last step and any
// move of the scrubber by the reader (the caller calls `stop`).

export const STEP_MS = 1000;

export function autoPlay(button, { current, count, show, picture }) {
  let timer = null;

  function label(playing) {
    button.textContent = playing ? button.dataset.pause : button.dataset.play;
    button.setAttribute("aria-pressed", String(playing));
  }

  function preload(step) {
    if (step <= count()) new Image().src = picture(step);
  }

  function stop() {
    if (timer === null) return;
    clearTimeout(timer);
    timer = null;
    label(false);
  }

  function tick() {
    const next = current() + 1;
    if (next > count()) return stop();
    show(next);
    preload(next + 1);
    if (next >= count()) return stop(); // the last step stays on the board
    timer = setTimeout(tick, STEP_MS);
  }

  button.addEventListener("click", () => {
    if (timer !== null) return stop();
    if (current() >= count()) show(1); // at the end: from the start again
    preload(current() + 1);
    label(true);
    timer = setTimeout(tick, STEP_MS);
  });
  label(false);
  return { stop, playing: () => timer !== null };
}
