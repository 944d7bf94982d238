// A placement offered with its answers (docs/web.md): a click on its space opens this chooser
// there, with the choices the channel's menu offers ("Take 1 food", ..., "Decide later"), as
// the server lists them; picking one plays it.

let open = null; // { box, anchor } while a chooser is shown

export function closeChooser(refocus = false) {
  if (!open) return;
  const { box, anchor } = open;
  open = null;
  box.remove();
  anchor.setAttribute("aria-expanded", "false");
  if (refocus && anchor.isConnected) anchor.focus();
}

// Under the space, within the board's frame (above it when there is no room below); or after
// a choice button in the list.
function place(box, anchor) {
  if (!anchor.classList.contains("place")) {
    anchor.after(box);
    return;
  }
  const frame = anchor.offsetParent || anchor.parentElement;
  anchor.parentElement.append(box);
  const room = frame.clientWidth;
  const left = Math.max(0, Math.min(anchor.offsetLeft, room - box.offsetWidth - 4));
  let top = anchor.offsetTop + anchor.offsetHeight + 4;
  if (top + box.offsetHeight > frame.clientHeight) {
    top = Math.max(0, anchor.offsetTop - box.offsetHeight - 4);
  }
  box.style.left = `${left}px`;
  box.style.top = `${top}px`;
}

export function openChooser(choice, anchor, play) {
  const same = open && open.anchor === anchor;
  closeChooser();
  if (same) return; // a second click on the same space closes it
  const box = document.createElement("div");
  box.id = "chooser";
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-label", choice.label);
  const title = document.createElement("p");
  title.textContent = choice.label;
  box.append(title);
  for (const option of choice.options) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = option.words;
    button.title = option.label; // as the channel's menu names it
    button.dataset.option = option.action;
    button.addEventListener("click", () => {
      closeChooser();
      play(option.action);
    });
    box.append(button);
  }
  open = { box, anchor };
  anchor.setAttribute("aria-expanded", "true");
  place(box, anchor);
  box.querySelector("button").focus();
}

// Escape closes it (focus back on its space); so does a click or tap anywhere else.
document.addEventListener("keydown", (event) => {
  if (open && event.key === "Escape") {
    event.preventDefault();
    closeChooser(true);
  }
});
document.addEventListener("pointerdown", (event) => {
  if (open && !open.box.contains(event.target) && event.target !== open.anchor) closeChooser();
});
