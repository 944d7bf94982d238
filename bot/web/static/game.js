// The spectator page's live updates (docs/web.md): the server says the game's version by
// server-sent events; on a new one the page fetches page.json and redraws its parts.
// No build step, no library.

const body = document.body;
const token = body.dataset.token;
let version = Number(body.dataset.version);
const live = document.getElementById("live");

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

async function redraw() {
  const answer = await fetch(`/g/${token}/page.json`, { cache: "no-store" });
  if (!answer.ok) return;
  const page = await answer.json();
  if (page.version <= version && page.version !== 0) return;
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
  if (page.has_board) {
    board.src = `/g/${token}/board/${version}.png`;
    document.getElementById("full").href = board.src; // a tap opens it full size to zoom
    board.hidden = false;
  }
}

function follow() {
  const events = new EventSource(`/g/${token}/events`);
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

localTimes(document);
follow();
