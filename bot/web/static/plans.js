// A player's own part of their page beside their choices (docs/web.md, "My choices, plans and
// undo"): "Undo" after their own move, the questions they may answer ahead, and their plans and
// standing orders with "Cancel all my plans". The server lists all of it and plays each click
// through the game service as the Discord control it stands for; the page then redraws from
// page.json. No build step, no library.

const body = document.body;
let notedAt = null; // the game's version when the last note was shown: it goes with a move

function button(label, onClick) {
  const made = document.createElement("button");
  made.type = "button";
  made.textContent = label;
  made.addEventListener("click", onClick);
  return made;
}

function element(tag, html) {
  const made = document.createElement(tag);
  made.innerHTML = html; // escaped by the server (bold and code kept)
  return made;
}

async function send(path, data, redraw) {
  const note = document.getElementById("plans-note");
  const message = document.getElementById("message");
  note.textContent = "";
  message.textContent = "";
  for (const shown of document.querySelectorAll("#my-plans button")) shown.disabled = true;
  const answer = await fetch(`${body.dataset.base}/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRF-Token": body.dataset.csrf },
    body: JSON.stringify(data),
  });
  const reply = await answer.json().catch(() => ({ error: answer.statusText }));
  await redraw(); // the game and the player's part as they are now, refused or not
  if (!answer.ok) {
    if (reply.error_html) message.innerHTML = reply.error_html;
    else message.textContent = reply.error;
  } else if (reply.note_html) {
    note.innerHTML = reply.note_html;
    notedAt = body.dataset.version;
  }
}

function question(asked, redraw) {
  const part = document.createElement("div");
  part.className = "question";
  part.dataset.key = asked.key;
  part.append(element("p", asked.line_html));
  const options = document.createElement("div");
  options.className = "answers";
  options.setAttribute("role", "group");
  options.setAttribute("aria-label", asked.title);
  for (const option of asked.options) {
    const pick = button(option.label, () =>
      send("answer", { key: asked.key, option: option.option }, redraw),
    );
    pick.dataset.option = option.option;
    pick.setAttribute("aria-pressed", String(option.chosen));
    if (option.chosen) pick.className = "chosen";
    options.append(pick);
  }
  part.append(options);
  return part;
}

export function drawPlans(plans, redraw) {
  const root = document.getElementById("my-plans");
  if (notedAt !== null && notedAt !== body.dataset.version) {
    document.getElementById("plans-note").textContent = ""; // the game moved on since
    notedAt = null;
  }
  const parts = [];
  if (plans?.undo) {
    const offer = document.createElement("p");
    offer.id = "undo-offer";
    offer.append(plans.undo.hint, " ");
    const undo = button(plans.undo.label, () => send("undo", { seq: plans.undo.seq }, redraw));
    undo.id = "undo";
    undo.dataset.seq = String(plans.undo.seq);
    offer.append(undo);
    parts.push(offer);
  }
  if (plans && (plans.questions.length || plans.notes_html.length)) {
    const heading = document.createElement("h2");
    heading.textContent = plans.choices_title;
    parts.push(heading, ...plans.notes_html.map((line) => element("p", line)));
    parts.push(...plans.questions.map((asked) => question(asked, redraw)));
  }
  if (plans?.plans_html.length) {
    const heading = document.createElement("h2");
    heading.textContent = plans.plans_title;
    const list = document.createElement("ul");
    list.id = "plan-lines";
    list.append(...plans.plans_html.map((line) => element("li", line)));
    parts.push(heading, list);
    if (plans.cancel) {
      const cancel = button(plans.cancel, () => send("cancel-plans", {}, redraw));
      cancel.id = "cancel-plans";
      parts.push(cancel);
    }
  }
  root.replaceChildren(...parts);
}
