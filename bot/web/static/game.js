// The game page's live updates and, on a player's page, playing by clicking (docs/web.md).
// The server says the game's version by server-sent events; on a new one the page fetches
// page.json and redraws its parts. A player's moves are the ones the server lists (the engine
// is the judge): the page only shows them, on the board where they have a place.
// No build step, no library.

import { autoPlay } from "./replay_play.js";

const body = document.body;
const base = body.dataset.base;
const csrf = body.dataset.csrf;
let version = Number(body.dataset.version);
const live = document.getElementById("live");
let plans = null; // the player's own part (plans.js): loaded on a player's page only
let chooser = null; // a placement's answers (chooser.js): loaded at a player's first use

async function openChooser(choice, anchor) {
  chooser ??= await import("./chooser.js");
  chooser.openChooser(choice, anchor, play);
}

function localTimes(root) {
  // a deadline in the reader's own time zone, worded in the page's language
  const format = new Intl.DateTimeFormat(document.documentElement.lang || undefined, {
    dateStyle: "medium",
    timeStyle: "short",
  });
  for (const time of root.querySelectorAll("time[data-at]")) {
    if (!time.dataset.at) continue; // no deadline now
    time.textContent = format.format(new Date(Number(time.dataset.at) * 1000));
  }
}

function lines(id, html) {
  const list = document.getElementById(id);
  list.replaceChildren(
    ...html.map((line) => {
      const item = document.createElement("li");
      item.innerHTML = line; // escaped by the server (bold and code kept)
      return item;
    }),
  );
}

function say(text) {
  document.getElementById("message").textContent = text;
}

async function play(action) {
  say("");
  const moves = "#places button, #choices button, #hand-places button, .pick button";
  for (const button of document.querySelectorAll(moves)) {
    button.disabled = true;
  }
  const answer = await fetch(`${base}/play`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
    body: JSON.stringify({ action, version }),
  });
  if (!answer.ok) {
    const refusal = await answer.json().catch(() => ({ error: answer.statusText }));
    say(refusal.error);
    await redraw(true); // a stale page shows the game as it is now
  }
}

function choiceButton(choice) {
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = choice.label;
  button.title = choice.action;
  button.dataset.action = choice.action;
  if (choice.options?.length) {
    // a placement offered with its answers: a chooser at the space, as the menu offers them
    button.setAttribute("aria-haspopup", "dialog");
    button.setAttribute("aria-expanded", "false");
    button.addEventListener("click", () => openChooser(choice, button));
  } else button.addEventListener("click", () => play(choice.action));
  return button;
}

function placeOver(button, area, size) {
  // a button over the part of a picture a move targets, in the picture's proportions
  const [x, y, w, h] = area;
  const [width, height] = size;
  button.className = "place";
  button.style.left = `${(100 * x) / width}%`;
  button.style.top = `${(100 * y) / height}%`;
  button.style.width = `${(100 * w) / width}%`;
  button.style.height = `${(100 * h) / height}%`;
}

function pickAfter(frame, group) {
  // a part several moves target (a card paid in several ways): its moves as buttons under
  // the picture, one of which plays
  for (const open of document.querySelectorAll(".pick")) open.remove();
  const pick = document.createElement("div");
  pick.className = "pick";
  pick.replaceChildren(...group.map(choiceButton));
  frame.after(pick);
  pick.querySelector("button").focus();
}

function overlay(frame, groups, size) {
  // one highlighted part per place: a click plays its move, or offers its moves
  return [...groups.values()].map((group) => {
    const button = document.createElement("button");
    button.type = "button";
    const labels = group.map((choice) => choice.label).join("\n");
    button.title = labels;
    button.setAttribute("aria-label", labels);
    if (group.length === 1 && group[0].options?.length) {
      // a placement offered with its answers: a chooser at the space, as the menu offers them
      button.dataset.action = group[0].action;
      button.setAttribute("aria-haspopup", "dialog");
      button.setAttribute("aria-expanded", "false");
      button.addEventListener("click", () => openChooser(group[0], button));
    } else if (group.length === 1) {
      button.dataset.action = group[0].action;
      button.addEventListener("click", () => play(group[0].action));
    } else {
      button.setAttribute("aria-haspopup", "true");
      button.addEventListener("click", () => pickAfter(frame, group));
    }
    return button;
  });
}

function grouped(choices, where) {
  const groups = new Map();
  for (const choice of choices) {
    const key = String(choice[where]);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(choice);
  }
  return groups;
}

const handShown = { replay: false }; // a finished game's replay shows the player's hand

function drawChoices(player) {
  chooser?.closeChooser(); // its options were the old version's
  const places = document.getElementById("places");
  const list = document.getElementById("choices");
  for (const open of document.querySelectorAll(".pick")) open.remove();
  const onBoard = player.board_size ? player.choices.filter((choice) => choice.area) : [];
  const inHand = player.hand_size ? player.choices.filter((choice) => choice.hand_area) : [];
  const buttons = player.choices
    .filter((choice) => !onBoard.includes(choice) && !inHand.includes(choice))
    .map(choiceButton);
  const boardGroups = grouped(onBoard, "area");
  const boardButtons = overlay(document.getElementById("frame"), boardGroups, player.board_size);
  [...boardGroups.values()].forEach((group, k) => {
    placeOver(boardButtons[k], group[0].area, player.board_size);
  });
  places.replaceChildren(...boardButtons);
  list.replaceChildren(...buttons);
  if (!player.choices.length) list.textContent = list.dataset.none;
  lines("hand", player.hand_html); // the player's own hand (its title says so): theirs only
  const handFrame = document.getElementById("hand-frame");
  handFrame.hidden = !player.hand_size;
  // the words stay for screen readers while the picture shows them
  document.getElementById("hand").classList.toggle("spoken", Boolean(player.hand_size));
  if (!player.hand_size) return;
  const handGroups = grouped(inHand, "hand_area");
  const handButtons = overlay(handFrame, handGroups, player.hand_size);
  [...handGroups.values()].forEach((group, k) => {
    placeOver(handButtons[k], group[0].hand_area, player.hand_size);
  });
  document.getElementById("hand-places").replaceChildren(...handButtons);
  if (!handShown.replay) {
    const picture = document.getElementById("hand-picture");
    picture.src = `${base}/hand/${player.version}.png`; // the version its areas belong to
    picture.alt = picture.dataset.alt;
  }
}

async function redraw(always = false) {
  const answer = await fetch(`${base}/page.json`, { cache: "no-store" });
  if (!answer.ok) return;
  const page = await answer.json();
  if (!always && page.version <= version) return;
  version = page.version;
  body.dataset.version = String(version);
  document.title = page.title;
  document.getElementById("heading").textContent = page.heading;
  document.getElementById("waiting").innerHTML = page.waiting_html;
  const [before, after = ""] = page.deadline_text.split("{due}");
  document.getElementById("due-before").textContent = before;
  document.getElementById("due-after").textContent = page.deadline === null ? "" : after;
  const due = document.getElementById("due");
  if (page.deadline === null) {
    due.textContent = "";
    delete due.dataset.at;
  } else {
    due.dataset.at = String(Math.floor(page.deadline));
    due.dateTime = new Date(page.deadline * 1000).toISOString();
  }
  localTimes(document.getElementById("deadline"));
  lines("stock", page.stock_html);
  if (page.account_html.length) lines("account", page.account_html);
  const board = document.getElementById("board");
  // a finished game on a player's page: the scrubber shows their hand at each step too
  handShown.replay = Boolean(page.replay && page.player && page.player.hand_size);
  if (page.replay) replaying(page.replay); // a finished game: the scrubber drives the board
  else if (page.has_board) {
    board.src = `${base}/board/${version}.png`;
    board.hidden = false;
    document.getElementById("full").href = board.src; // a tap opens it full size to zoom
  }
  if (page.player) drawChoices(page.player);
  if ("plans" in page) {
    plans ??= await import("./plans.js");
    plans.drawPlans(page.plans, () => redraw(true)); // theirs only
  }
  body.dataset.shown = String(version); // what the page shows now (the tests wait for it)
}

function follow() {
  const events = new EventSource(`${base}/events`);
  events.addEventListener("open", () => {
    live.textContent = live.dataset.live;
    live.className = "on";
  });
  events.addEventListener("error", () => {
    live.textContent = live.dataset.offline;
    live.className = "off";
  });
  events.addEventListener("version", (event) => {
    const seen = JSON.parse(event.data).version;
    if (seen !== version) redraw();
  });
}

// A finished game's replay: the scrubber (a range, the buttons, the arrow keys) shows a step's
// board, drawn by the server as the bot's replay draws it, and that step's account.
const replay = { steps: [] };
const scrubber = document.getElementById("scrubber");

function showStep(step) {
  const count = replay.steps.length;
  if (!count) return;
  const shown = Math.min(Math.max(step, 1), count);
  scrubber.value = String(shown);
  const section = document.getElementById("replay");
  document.getElementById("replay-step").textContent = section.dataset.label
    .replace("{step}", String(shown))
    .replace("{steps}", String(count));
  lines("replay-account", replay.steps[shown - 1].account_html);
  const board = document.getElementById("board");
  board.onload = () => {
    body.dataset.replayShown = String(shown); // the picture of that step is in (tests wait)
  };
  board.src = `${base}/replay/${shown}.png`;
  board.hidden = false;
  document.getElementById("full").href = board.src;
  if (handShown.replay) {
    // the player's own hand at that step (their page only: a spectator's has no hand)
    const hand = document.getElementById("hand-picture");
    hand.onload = () => {
      body.dataset.handShown = String(shown);
    };
    hand.src = `${base}/replay/${shown}/hand.png`;
    hand.alt = hand.dataset.stepAlt.replace("{step}", String(shown));
  }
}

function replaying(data) {
  const first = !replay.steps.length;
  replay.steps = data.steps;
  if (first) showStep(Number(scrubber.value));
}

if (scrubber) {
  // the reader moving the scrubber stops the replay playing by itself
  const playing = autoPlay(document.getElementById("replay-play"), {
    current: () => Number(scrubber.value),
    count: () => replay.steps.length,
    show: showStep,
    picture: (step) => `${base}/replay/${step}.png`,
  });
  scrubber.addEventListener("input", () => {
    playing.stop();
    showStep(Number(scrubber.value));
  });
  document.getElementById("replay-prev").addEventListener("click", () => {
    playing.stop();
    showStep(Number(scrubber.value) - 1);
  });
  document.getElementById("replay-next").addEventListener("click", () => {
    playing.stop();
    showStep(Number(scrubber.value) + 1);
  });
  document.getElementById("replay-animation").addEventListener("click", (event) => {
    // the bot's animation of the whole game, played in place of the board
    event.preventDefault();
    playing.stop();
    const board = document.getElementById("board");
    board.onload = () => {
      body.dataset.replayShown = "animation";
    };
    board.src = event.currentTarget.href;
    document.getElementById("full").href = board.src;
    document.getElementById("replay-step").textContent = event.currentTarget.textContent;
  });
  document.addEventListener("keydown", (event) => {
    if (!replay.steps.length || event.target === scrubber) return; // the range moves itself
    if (event.target instanceof HTMLInputElement || event.altKey || event.ctrlKey) return;
    if (event.key === "ArrowLeft") showStep(Number(scrubber.value) - 1);
    else if (event.key === "ArrowRight") showStep(Number(scrubber.value) + 1);
    else return;
    playing.stop();
    event.preventDefault();
  });
}

localTimes(document);
const finished = Number(document.getElementById("replay")?.dataset.steps || 0) > 0;
if (csrf || finished) redraw(true); // a player's choices come with the page's data
follow();
