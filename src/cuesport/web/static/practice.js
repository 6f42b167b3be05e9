// Practice: any balls anywhere (drag, add, remove), a stroke with the match's controls, undo,
// a link to the position and a download of its record; the aid draws the simulated paths of
// the cue ball and the first ball it hits before the stroke. The server keeps nothing: each
// request carries the position (POST /api/practice/simulate, /check).

import { TableView } from "./table.js";
import {
  bindTableKeys, bindTipPad, fitTable, flash, mountShared,
} from "./controls.js";
import { lang, setLang, t } from "./i18n.js";

const $ = (sel) => document.querySelector(sel);

const WORDS = {
  en: {
    title: "Practice",
    tableLabel: "the practice table",
    aid: "Show the paths",
    tableSize: "Table",
    cueBall: "Cue ball",
    addBall: "Add a ball",
    add: "Add",
    remove: "Remove the ball",
    reset: "Reset to the rack",
    copyLink: "Copy a link to this position",
    download: "Download the record",
    linkLabel: "link to this position",
    keysHint: "Keys on the table: ← → aim (Shift: coarse), ↑ ↓ power, Space or Enter strikes, "
      + "Delete removes the chosen ball, U undoes; arrows on the tip move it.",
    hint: "Drag a ball to move it; aim with the mouse or a finger; click to lock the aim",
    chosen: "Chosen",
    noCue: "Put the cue ball on the table to strike",
    moved: "moved",
    added: "added",
    removed: "removed",
    reracked: "Rack set up",
    nothing: "no call",
    stroke: "Stroke",
    noBalls: "every ball is on the table",
    noRoom: "no free place for it: move a ball first",
    refereeCannot: "the referee cannot rule on this position",
    linkCopied: "Link copied",
  },
  ru: {
    title: "Тренировка",
    tableLabel: "стол для тренировки",
    aid: "Показать пути",
    tableSize: "Стол",
    cueBall: "Биток",
    addBall: "Добавить шар",
    add: "Добавить",
    remove: "Убрать шар",
    reset: "Вернуть расстановку",
    copyLink: "Скопировать ссылку на позицию",
    download: "Скачать запись",
    linkLabel: "ссылка на эту позицию",
    keysHint: "Клавиши на столе: ← → прицел (с Shift — крупнее), ↑ ↓ сила, пробел или Enter — удар, "
      + "Delete убирает выбранный шар, U — отмена; стрелки на точке удара двигают её.",
    hint: "Перетащите шар, чтобы передвинуть; цельтесь мышью или пальцем; щелчок фиксирует прицел",
    chosen: "Выбран",
    noCue: "Поставьте биток на стол, чтобы бить",
    moved: "передвинут",
    added: "добавлен",
    removed: "убран",
    reracked: "Шары расставлены",
    nothing: "без объявления",
    stroke: "Удар",
    noBalls: "все шары уже на столе",
    noRoom: "нет свободного места: сначала передвиньте шар",
    refereeCannot: "судья не может судить эту позицию",
    linkCopied: "Ссылка скопирована",
  },
};

function tp(key) {
  // The practice's own words, else the match page's (i18n.js).
  return (WORDS[lang] || {})[key] ?? WORDS.en[key] ?? t(key);
}

const PLAYERS = { en: ["Player 1", "Player 2"], ru: ["Игрок 1", "Игрок 2"] };  // as the server's
const MAX_UNDO = 100;
const AID_DELAY_MS = 200;  // the aid asks once the aim has rested this long
const MAX_LINE_BYTES = 160 * 1024;  // a longer record is not sent back (the body limit is 256 kB)

const app = {
  disciplines: [],
  discipline: null,   // its facts (GET /api/disciplines)
  size: null,
  table: null,
  balls: {},          // name -> [x, y] mm
  line: null,         // the record of the strokes since the position was last set
  lineId: 0,
  undo: [],           // {balls, line, lineId}
  selected: null,
  aim: { angle: 90, locked: false },
  tip: { side: 0, height: 0 },
  busy: false,
  strokes: 0,
  aidRequests: 0,     // counted, for the tests
  calls: [],          // {n, lineId, action, text, foul}
  timeScale: 1,
};
window.cuesport = app; // for the browser tests and the curious

// ------------------------------------------------------------------ the table view

class PracticeView extends TableView {
  // The match's table, plus the aid's paths, the chosen ball and the ball being dragged.
  draw() {
    super.draw();
    if (!this.ctx) return;
    this.drawAid();
    if (this.chosen && this.balls[this.chosen]) this.ring(this.chosen, "rgba(120,200,255,0.95)", 2);
    if (this.drag) {
      this.ring(this.drag.name, this.drag.ok ? "rgba(120,255,160,0.9)" : "rgba(255,70,70,0.95)", 2);
    }
  }

  drawAid() {
    const a = this.aid;
    if (!a || !a.paths) return;
    const c = this.ctx, R = this.geo.ball_radius;
    c.save();
    c.lineJoin = "round";
    for (const [ball, colour] of [[a.first, "rgba(255,213,74,0.95)"], [a.cue_ball, "rgba(255,255,255,0.9)"]]) {
      const pts = ball ? a.paths[ball] : null;
      if (!pts || pts.length < 2) continue;
      c.strokeStyle = colour;
      c.lineWidth = Math.max(1.5, 6 * this.scale);
      this.path(pts);
      c.stroke();
      if (!(a.pocketed || {})[ball]) {
        const [x, y] = pts[pts.length - 1];
        c.setLineDash([3, 3]);
        this.circle(x, y, R);
        c.stroke();
        c.setLineDash([]);
      }
    }
    c.restore();
  }
}

// ------------------------------------------------------------------ API

async function api(method, path, body) {
  const res = await fetch(path, {
    method, headers: { "Content-Type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await res.json().catch(() => ({ error: res.statusText }));
  if (!res.ok) {
    const err = new Error(data.error || res.statusText);
    err.status = res.status;
    throw err;
  }
  return data;
}

function position(balls = app.balls) {
  return { discipline: app.discipline.id, table: app.size, balls };
}

// ------------------------------------------------------------------ words and balls

function ballName(b) {
  const base = b.replace(/[0-9]+$/, "");
  const name = t(`balls.${base}`);
  if (!base || name.startsWith("balls.")) return b;
  return base === b ? name : `${name} ${b.slice(base.length)}`;
}

function relabel() {
  for (const el of document.querySelectorAll("[data-p]")) el.textContent = tp(el.dataset.p);
  for (const el of document.querySelectorAll("[data-p-label]")) el.setAttribute("aria-label", tp(el.dataset.pLabel));
}

function cueBall() {
  const cues = app.discipline.cue_balls;
  const chosen = $("#cue-ball").value;
  return cues.includes(chosen) ? chosen : cues[0];
}

// ------------------------------------------------------------------ the position: links

function fmt(v) {
  // 0.1 µm: a tight rack's touching balls stay apart after the round trip (1 µm tolerance)
  return String(Number(v.toFixed(4)));
}

function linkOf() {
  const balls = Object.entries(app.balls).map(([k, [x, y]]) => `${k}:${fmt(x)},${fmt(y)}`).join(";");
  return `${location.origin}/practice#practice=${app.discipline.id}&table=${app.size}&balls=${balls}`;
}

function readLink() {
  // #practice=DISCIPLINE&table=SIZE&balls=name:x,y;name:x,y... (null: none, or malformed)
  const h = new URLSearchParams(location.hash.slice(1));
  if (!h.has("practice")) return null;
  const out = { discipline: h.get("practice"), table: h.get("table"), balls: null };
  if (h.has("balls")) {
    const balls = {};
    for (const item of (h.get("balls") || "").split(";").filter(Boolean)) {
      const m = /^([a-z0-9-]{1,12}):(-?[0-9.]+),(-?[0-9.]+)$/.exec(item);
      if (!m || !Number.isFinite(Number(m[2])) || !Number.isFinite(Number(m[3]))) return { ...out, bad: item };
      balls[m[1]] = [Number(m[2]), Number(m[3])];
    }
    out.balls = balls;
  }
  return out;
}

function keepLink() {
  // The address always says the position: a reload (or the link copied) reopens it. Only
  // when it changed: browsers throttle a page that replaces its address too often.
  const url = linkOf();
  if (url === keepLink.last) return;
  keepLink.last = url;
  history.replaceState(null, "", url);
  $("#link").value = url;
}

// ------------------------------------------------------------------ the record

function recordOf() {
  // The strokes since the position was last set (the server's line), else the position alone.
  if (app.line) return app.line;
  const rules = app.discipline.table === "pool" ? { table: app.size } : {};
  return { protocol: 1, discipline: app.discipline.id, players: PLAYERS[lang], rules,
    start: { balls: app.balls, to_play: 0 }, actions: [] };
}

function download() {
  const text = JSON.stringify(recordOf(), null, 1);
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = `practice-${app.discipline.id}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// ------------------------------------------------------------------ set-up

async function useDiscipline(id, size, balls) {
  // A discipline's table; its rack, or `balls` (checked by the server first).
  const d = app.disciplines.find((x) => x.id === id) || app.disciplines[0];
  const sz = d.sizes.includes(size) ? size : d.sizes[0];
  const geo = await api("GET", `/api/tables/${d.id}?size=${sz}`);
  let start = balls;
  if (start) {
    try {
      await api("POST", "/api/practice/check", { discipline: d.id, table: sz, balls: start });
    } catch (e) {
      flash(e.message);
      start = null;
    }
  }
  if (!start) start = (await api("GET", `/api/practice/${d.id}/rack?table=${sz}`)).balls;
  app.discipline = d;
  app.size = sz;
  if (!app.table) app.table = new PracticeView($("#table"), geo);
  else {
    app.table.geo = geo;
    app.table.ballInfo = Object.fromEntries(geo.balls.map((b) => [b.name, b]));
  }
  app.table.fit = null;
  app.balls = start;
  app.line = null;
  app.undo = [];
  app.selected = null;
  app.calls = [];
  $("#calls").replaceChildren();
  $("#last-call").textContent = "";
  fillSelects();
  layout();
  render();
}

function fillSelects() {
  const d = app.discipline;
  $("#discipline").replaceChildren(...app.disciplines.map((x) => new Option(x.names[lang] || x.names.en, x.id)));
  $("#discipline").value = d.id;
  $("#size").replaceChildren(...d.sizes.map((s) => new Option(s, s)));
  $("#size").value = app.size;
  $("#size-row").hidden = d.sizes.length < 2;
  const cue = $("#cue-ball").value;
  $("#cue-ball").replaceChildren(...d.cue_balls.map((b) => new Option(ballName(b), b)));
  if (d.cue_balls.includes(cue)) $("#cue-ball").value = cue;
  $("#cue-row").hidden = d.cue_balls.length < 2;
}

// ------------------------------------------------------------------ drawing the page

function layout() {
  // As the match page: the status, the last call and the stroke controls above the table.
  if (!app.table) return;
  fitTable(app.table, { above: ["#status", "#last-call", "#controls"] });
}

function render() {
  if (!app.table || !app.discipline) return;
  const cue = cueBall();
  const cueAt = app.balls[cue];
  const table = app.table;
  if (!app.busy) {
    table.balls = { ...app.balls };
    table.guide = cueAt ? { from: cueAt, angle: app.aim.angle, cue, power: Number($("#power").value),
      side: app.tip.side } : null;
  }
  table.chosen = app.busy ? null : app.selected;
  $("#skip").hidden = !app.busy;
  let status = tp("hint");
  if (!cueAt) status = tp("noCue");
  else if (app.selected) status = `${tp("chosen")}: ${ballName(app.selected)} — ${tp("hint")}`;
  $("#status").textContent = status;
  for (const el of document.querySelectorAll("#controls button, #controls input")) el.disabled = app.busy;
  $("#strike").disabled = app.busy || !cueAt;
  $("#undo").disabled = app.busy || !app.undo.length;
  $("#undo-count").textContent = app.undo.length ? `(${app.undo.length})` : "";
  const missing = app.discipline.balls.map((b) => b.name).filter((b) => !app.balls[b]);
  const keep = $("#add-ball").value;
  $("#add-ball").replaceChildren(...missing.map((b) => new Option(ballName(b), b)));
  if (missing.includes(keep)) $("#add-ball").value = keep;
  $("#add").disabled = app.busy || !missing.length;
  $("#add-ball").disabled = app.busy || !missing.length;
  $("#remove").disabled = app.busy || !app.selected || !app.balls[app.selected];
  for (const sel of ["#reset", "#discipline", "#size", "#cue-ball", "#download", "#copy-link"]) {
    $(sel).disabled = app.busy;
  }
  if (!app.busy) keepLink();
  table.draw();
  document.body.dataset.animating = app.busy ? "1" : "0";
  document.body.dataset.strokes = String(app.strokes);
}

// ------------------------------------------------------------------ editing the position

function snapshot() {
  return { balls: { ...app.balls }, line: app.line, lineId: app.lineId };
}

function pushUndo(snap) {
  app.undo.push(snap);
  if (app.undo.length > MAX_UNDO) app.undo.shift();
}

async function setBalls(next, what) {
  // A new position from an edit: the physics checks it first; a refusal changes nothing.
  try {
    await api("POST", "/api/practice/check", position(next));
  } catch (e) {
    flash(e.message);
    render();
    return false;
  }
  pushUndo(snapshot());
  app.balls = next;
  app.line = null;  // the strokes so far no longer lead to this position: a new record
  clearAid();
  if (what) flash(what, false);
  render();
  wantAid();
  return true;
}

function freeSpot(name) {
  // The ball's own spot when free, else the nearest free place to the table's centre.
  const g = app.table.geo, R = g.ball_radius;
  const free = ([x, y]) => x >= R && x <= g.width - R && y >= R && y <= g.length - R &&
    Object.values(app.balls).every(([bx, by]) => Math.hypot(bx - x, by - y) >= 2 * R + 1);
  const own = g.spots[name];
  if (own && free(own)) return own;
  const [cx, cy] = [g.width / 2, g.length / 2];
  for (let ring = 0; ring < 40; ring++) {
    const n = Math.max(1, ring * 6);
    for (let k = 0; k < n; k++) {
      const a = 2 * Math.PI * k / n, r = ring * 2.4 * R;
      const p = [Math.round((cx + r * Math.cos(a)) * 10) / 10, Math.round((cy + r * Math.sin(a)) * 10) / 10];
      if (free(p)) return p;
    }
  }
  return null;
}

async function addBall() {
  const name = $("#add-ball").value;
  if (!name || app.balls[name] || app.busy) return;
  const at = freeSpot(name);
  if (!at) { flash(tp("noRoom")); return; }
  if (await setBalls({ ...app.balls, [name]: at }, `${ballName(name)} ${tp("added")}`)) {
    app.selected = name;
    render();
  }
}

async function removeBall() {
  const name = app.selected;
  if (!name || !app.balls[name] || app.busy) return;
  const next = { ...app.balls };
  delete next[name];
  if (await setBalls(next, `${ballName(name)} ${tp("removed")}`)) {
    app.selected = null;
    render();
  }
}

async function reset() {
  if (app.busy) return;
  const rack = await api("GET", `/api/practice/${app.discipline.id}/rack?table=${app.size}`);
  await setBalls(rack.balls, tp("reracked"));
}

function undo() {
  if (app.busy || !app.undo.length) return;
  const s = app.undo.pop();
  app.balls = s.balls;
  app.line = s.line;
  app.lineId = s.lineId;
  app.selected = null;
  clearAid();
  flash("", false);
  render();
  wantAid();
}

// ------------------------------------------------------------------ the stroke

function strokeBody() {
  const power = Number($("#power").value);
  return {
    angle: Math.round(app.aim.angle * 1000) / 1000,
    speed: Math.round((0.3 + (power / 100) ** 1.5 * 9.7) * 100) / 100,  // as the match page
    side: app.tip.side,
    height: app.tip.height,
    elevation: Number($("#elevation").value),
    cue_ball: cueBall(),
  };
}

function scaleShot(shot, k) {
  const tr = {};
  for (const [n, segs] of Object.entries(shot.trajectories)) {
    tr[n] = segs.map((s) => ({ ...s, t0: s.t0 / k, t1: s.t1 / k,
      v0: [s.v0[0] * k, s.v0[1] * k], a: [s.a[0] * k * k, s.a[1] * k * k] }));
  }
  return { ...shot, trajectories: tr, duration: shot.duration / k };
}

async function strike() {
  if (app.busy || !app.balls[cueBall()]) return;
  const before = snapshot();
  const line = app.line && JSON.stringify(app.line).length < MAX_LINE_BYTES ? app.line : null;
  app.busy = true;
  clearAid();
  render();
  try {
    const out = await api("POST", "/api/practice/simulate",
      { ...position(), stroke: strokeBody(), line, lang });
    const table = app.table;
    table.guide = null;
    const shot = app.timeScale === 1 ? out.shot : scaleShot(out.shot, app.timeScale);
    await new Promise((done) => table.animate(shot, done));
    pushUndo(before);
    app.balls = Object.fromEntries(Object.entries(out.shot.after).map(([k, v]) => [k, [v[0], v[1]]]));
    if (out.new_line) app.lineId += 1;
    app.line = out.line;
    app.strokes += 1;
    app.selected = null;
    app.aim.locked = false;
    addCall(out);
  } catch (e) {
    flash(e.message);
  } finally {
    app.busy = false;
    render();
    wantAid();
  }
}

function callText(c) {
  const pots = c.pots.length ? `${t("potted")}: ${c.pots.map(ballName).join(", ")}` : t("noPot");
  const said = c.announce === null ? tp("refereeCannot") : c.announce.join(" · ") || tp("nothing");
  return `${tp("stroke")} ${c.n} — ${pots} — ${said}`;
}

function addCall(out) {
  const r = out.ruling;
  const c = { n: app.strokes, lineId: app.lineId, action: r ? r.action : null,
    announce: r ? r.announce || [] : null, foul: !!(r && r.legal === false),
    pots: Object.keys(out.shot.pocketed || {}) };
  app.calls.push(c);
  if (app.calls.length > 40) app.calls.shift();
  showCalls();
}

function showCalls() {
  $("#calls").replaceChildren(...app.calls.slice().reverse().map((c) => {
    const li = document.createElement("li");
    li.textContent = callText(c);
    if (c.foul) li.className = "foul";
    return li;
  }));
  const last = app.calls[app.calls.length - 1];
  $("#last-call").textContent = last ? callText(last) : "";
  $("#last-call").classList.toggle("foul", !!(last && last.foul));
}

async function relabelCalls() {
  // The calls of the current record come again from the referee in the page's language.
  const mine = app.calls.filter((c) => c.lineId === app.lineId && c.action !== null && c.announce);
  if (app.line && mine.length) {
    try {
      const out = await api("POST", `/api/referee?lang=${lang}`, app.line);
      const by = new Map(out.filter((x) => !x.error).map((x) => [x.action, x.announce]));
      for (const c of mine) if (by.has(c.action)) c.announce = by.get(c.action);
    } catch (e) {
      /* keep the calls as they were said */
    }
  }
  showCalls();
}

// ------------------------------------------------------------------ the aid

const aid = { timer: null, inflight: false, again: false };

function aidOn() {
  return $("#aid").checked;
}

function clearAid() {
  clearTimeout(aid.timer);
  if (app.table) app.table.aid = null;
}

function aidKey() {
  return JSON.stringify([app.discipline.id, app.size, app.balls, strokeBody()]);
}

function wantAid() {
  // Debounced: one request once the aim has rested, one at a time, the latest only.
  clearAid();
  if (!aidOn() || app.busy || !app.balls[cueBall()]) return;
  aid.timer = setTimeout(fetchAid, AID_DELAY_MS);
}

async function fetchAid() {
  if (aid.inflight) { aid.again = true; return; }
  if (!aidOn() || app.busy || !app.balls[cueBall()]) return;
  aid.inflight = true;
  const key = aidKey();
  try {
    app.aidRequests += 1;
    const out = await api("POST", "/api/practice/simulate",
      { ...position(), stroke: strokeBody(), aid: true });
    if (key === aidKey() && !app.busy && aidOn()) {
      app.table.aid = out;
      app.table.draw();
      document.body.dataset.aid = String(app.aidRequests);
    }
  } catch (e) {
    if (e.status !== 429) flash(e.message);  // over the limit: the next change asks again
  } finally {
    aid.inflight = false;
    if (aid.again) { aid.again = false; wantAid(); }
  }
}

// ------------------------------------------------------------------ pointer and keys

function pointer(ev) {
  const rect = app.table.canvas.getBoundingClientRect();
  return app.table.toTable(ev.clientX - rect.left, ev.clientY - rect.top);
}

function ballAt(p) {
  // A finger is wider than a ball on a phone: 22 px (half a 44 px target) or 1.6 radii.
  const tol = Math.max(app.table.geo.ball_radius * 1.6, 22 / app.table.scale);
  let best = null, dist = tol;
  for (const [b, [x, y]] of Object.entries(app.balls)) {
    const d = Math.hypot(x - p[0], y - p[1]);
    if (d < dist) { dist = d; best = b; }
  }
  return best;
}

function dropOk(name, at) {
  // What the page can see at once (the server's physics has the last word on the drop).
  const g = app.table.geo, R = g.ball_radius;
  const [x, y] = at;
  if (x < R || x > g.width - R || y < R || y > g.length - R) return false;
  return Object.entries(app.balls).every(([b, [bx, by]]) => b === name || Math.hypot(bx - x, by - y) >= 2 * R);
}

function aimAt(p) {
  const from = app.balls[cueBall()];
  if (!from) return;
  app.aim.angle = Math.atan2(p[1] - from[1], p[0] - from[0]) * 180 / Math.PI;
  render();
  wantAid();
}

function nudge(deg) {
  if (app.busy) return;
  app.aim.angle += deg;
  app.aim.locked = true;
  render();
  wantAid();
}

function bindTable() {
  const canvas = $("#table");
  let press = null;  // {name, from, x, y, moved}: a ball touched, perhaps to be dragged
  canvas.addEventListener("pointerdown", (ev) => {
    canvas.classList.remove("keyed");
    canvas.focus({ preventScroll: true });
    if (app.busy || !app.table) return;
    const p = pointer(ev);
    const ball = ballAt(p);
    if (ball) {
      press = { name: ball, from: app.balls[ball], x: ev.clientX, y: ev.clientY, moved: false };
      canvas.setPointerCapture(ev.pointerId);
      return;
    }
    aimAt(p);
    app.aim.locked = !app.aim.locked || ev.pointerType !== "mouse";
  });
  canvas.addEventListener("pointermove", (ev) => {
    if (app.busy || !app.table) return;
    const p = pointer(ev);
    if (press) {
      if (!press.moved && Math.hypot(ev.clientX - press.x, ev.clientY - press.y) < 4) return;
      if (!press.moved) clearAid();
      press.moved = true;
      const g = app.table.geo, lim = 3 * g.ball_radius;
      const at = [Math.round(Math.min(Math.max(p[0], -lim), g.width + lim) * 10) / 10,
        Math.round(Math.min(Math.max(p[1], -lim), g.length + lim) * 10) / 10];
      press.at = at;
      app.table.balls = { ...app.balls, [press.name]: at };
      app.table.drag = { name: press.name, ok: dropOk(press.name, at) };
      app.table.draw();
    } else if (!app.aim.locked || (ev.pointerType !== "mouse" && ev.buttons)) {
      aimAt(p);
    }
  });
  const release = async () => {
    if (!press) return;
    const { name, moved, at } = press;
    press = null;
    app.table.drag = null;
    app.selected = name;
    if (moved && at) {
      await setBalls({ ...app.balls, [name]: at }, "");
    } else {
      if (name !== cueBall()) {  // a touch on a ball aims at it, as in a match
        aimAt(app.balls[name]);
        app.aim.locked = true;
      }
      render();
    }
  };
  canvas.addEventListener("pointerup", release);
  canvas.addEventListener("pointercancel", () => { press = null; app.table.drag = null; render(); });
  // The match page's keys, and Delete (remove the chosen ball) and U (undo).
  bindTableKeys(canvas, $("#power"), {
    blocked: () => app.busy, nudge, strike,
    more: { Delete: removeBall, Backspace: removeBall, u: undo, U: undo } });
}

function bindTip() {
  // The match page's tip pad; a new tip asks the aid again.
  bindTipPad($("#tip"), $("#tip-value"), app, {
    changed: () => { render(); wantAid(); }, blocked: () => app.busy });
}

// ------------------------------------------------------------------ start

async function main() {
  mountShared($("header"), $("#controls"));
  try {
    app.disciplines = await api("GET", "/api/disciplines");
  } catch (e) {
    flash(e.message);
    return;
  }
  setLang(lang);
  relabel();
  $("#lang").value = lang;
  $("#lang").addEventListener("change", (ev) => {
    setLang(ev.target.value);
    relabel();
    fillSelects();
    render();
    relabelCalls();
  });
  bindTable();
  bindTip();
  $("#strike").addEventListener("click", strike);
  $("#undo").addEventListener("click", undo);
  $("#add").addEventListener("click", addBall);
  $("#remove").addEventListener("click", removeBall);
  $("#reset").addEventListener("click", reset);
  $("#download").addEventListener("click", download);
  $("#copy-link").addEventListener("click", () => {
    const url = linkOf();
    $("#link").value = url;
    navigator.clipboard?.writeText(url).catch(() => {});
    flash(`${tp("linkCopied")}: ${url}`, false);
  });
  $("#aid").checked = localStorage.getItem("cuesport-practice-aid") === "1";
  $("#aid").addEventListener("change", (ev) => {
    localStorage.setItem("cuesport-practice-aid", ev.target.checked ? "1" : "0");
    if (ev.target.checked) wantAid(); else { clearAid(); render(); }
  });
  $("#power").addEventListener("input", (ev) => {
    $("#power-value").textContent = `${ev.target.value}%`;
    render();
    wantAid();
  });
  $("#elevation").addEventListener("input", (ev) => {
    $("#elevation-value").textContent = `${ev.target.value}°`;
    wantAid();
  });
  $("#aim-left").addEventListener("click", () => nudge(0.1));
  $("#aim-right").addEventListener("click", () => nudge(-0.1));
  $("#skip").addEventListener("click", () => { if (app.busy) app.table.skip = true; });
  window.addEventListener("keydown", (ev) => { if (ev.key === "Escape" && app.busy) app.table.skip = true; });
  $("#discipline").addEventListener("change", async (ev) => {
    await useDiscipline(ev.target.value, null, null);
    wantAid();
  });
  $("#size").addEventListener("change", async (ev) => {
    await useDiscipline(app.discipline.id, ev.target.value, null);
    wantAid();
  });
  $("#cue-ball").addEventListener("change", () => { render(); wantAid(); });
  window.addEventListener("resize", layout);
  // The page replaces its own address without a "hashchange": one means a link was opened here.
  window.addEventListener("hashchange", () => location.reload());
  if (window.ResizeObserver) {
    const watch = new ResizeObserver(() => layout());
    for (const sel of ["#status", "#controls", "#last-call"]) watch.observe($(sel));
  }
  const link = readLink();
  if (link && link.bad) flash(`${tp("linkLabel")}: ${link.bad}`);
  const first = link && app.disciplines.some((d) => d.id === link.discipline) ? link.discipline
    : (app.disciplines.find((d) => d.family === "pool" && !d.called_shots) || app.disciplines[0]).id;
  try {
    await useDiscipline(first, link ? link.table : null, link && !link.bad ? link.balls : null);
  } catch (e) {
    flash(e.message);
  }
  wantAid();
  document.body.dataset.ready = "1";
}

main();
