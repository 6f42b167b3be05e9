// The live scoreboard (/board): every table of the club, updated over /api/boards/ws.
const RU = new URLSearchParams(location.search).get("lang") === "ru";
const W = RU
  ? { title: "Табло", frames: "Партии", break: "Серия", high: "Лучшая серия", none: "Нет столов",
      live: "в эфире", lost: "нет связи", over: "партия окончена" }
  : { title: "Scoreboard", frames: "Frames", break: "Break", high: "High break", none: "No tables yet",
      live: "live", lost: "reconnecting", over: "frame over" };
const $ = (id) => document.getElementById(id);
window.cuesportBoard = { version: -1, boards: [] };

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = String(text);
  return e;
}

function render(boards) {
  const box = $("boards");
  box.replaceChildren();
  if (!boards.length) box.append(el("p", "muted", W.none));
  for (const b of boards) {
    const card = el("section", "card tv-card");
    card.dataset.board = b.name;
    card.append(el("h2", "", `${b.name} · ${b.discipline}${b.format ? " · " + b.format : ""}`));
    const grid = el("div", "board");
    for (const p of [0, 1]) {
      const side = el("div", "side" + (b.to_play === p && !b.frame_over ? " up" : ""));
      side.append(el("div", "who", b.players[p]), el("div", "pts", b.score[p]),
        el("div", "frames", `${W.frames}: ${b.frames[p]} · ${W.high}: ${b.high[p]}`));
      grid.append(side);
      if (p === 0) grid.append(el("div", "mid", b.frame_over ? W.over : `${W.break}: ${b.break}`));
    }
    card.append(grid, el("div", "calls", (b.calls || []).join(" · ")));
    box.append(card);
  }
}

function connect() {
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/boards/ws`);
  ws.onopen = () => { $("net").textContent = W.live; };
  ws.onmessage = (m) => {
    const data = JSON.parse(m.data);
    window.cuesportBoard = data;
    render(data.boards);
  };
  ws.onclose = () => { $("net").textContent = W.lost; setTimeout(connect, 1000); };
}
document.documentElement.lang = RU ? "ru" : "en";
$("title").textContent = W.title;
render([]);
connect();
