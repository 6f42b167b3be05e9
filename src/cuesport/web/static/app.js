// The browser table: set up a match, play it (aim, place, strike, decide), watch it.
// State lives on the server; this page keeps only the seat tokens (in the URL fragment, so
// a reload resumes) and what it has drawn so far.

import { TableView } from "./table.js";
import {
  bindTableKeys, bindTipPad, fitTable, flash, mountShared,
} from "./controls.js";
import { lang, serverMessage, setLang, t } from "./i18n.js";

const $ = (sel) => document.querySelector(sel);

const app = {
  match: null,        // last view from the server
  tokens: [null, null],
  table: null,
  seen: -1,           // last log entry shown
  queue: [],
  busy: false,
  aim: { angle: 90, locked: false },
  place: null,        // [x, y] chosen for the cue ball in hand
  tip: { side: 0, height: 0 },
  timeScale: 1,
  socket: null,
  history: [],        // log entries shown so far
  disciplines: [],    // the server's facts, in menu order (GET /api/disciplines)
  // What the striker declares for the next stroke, made on the table (touch a ball, then a
  // pocket) and cleared after it.
  decl: { picked: null, nominate: null, call: null, safety: false, push: false },
  announce: null,     // action index -> the referee's calls in the page's language
  skipped: [],        // log entries whose stroke was not drawn to its end (skip, auto-skip)
};
window.cuesport = app; // for the browser tests and the curious

// ------------------------------------------------------------------ API

async function api(method, path, body, seat) {
  const headers = { "Content-Type": "application/json" };
  const token = seat === undefined ? null : app.tokens[seat];
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const data = await res.json().catch(() => ({ error: res.statusText }));
  if (!res.ok) throw new Error(serverMessage(data) || res.statusText);
  return data;
}

// ------------------------------------------------------------------ set-up screen

function readHash() {
  const h = new URLSearchParams(location.hash.slice(1));
  const num = (k) => (h.has(k) && /^[0-9]+$/.test(h.get(k)) ? Number(h.get(k)) : null);
  return { id: h.get("match"), tokens: (h.get("token") || "").split(","),
    frame: num("frame"), at: num("at"), stroke: num("stroke") };
}

function writeHash() {
  // token=T0,T1 by seat; an empty place is a seat this browser does not hold.
  const toks = app.tokens.map((x) => x || "").join(",");
  // replaceState: no "hashchange", which (below) means a link was opened in this tab
  history.replaceState(null, "", `#match=${app.match.id}` + (toks === "," ? "" : `&token=${toks}`));
}

async function startMatch(ev) {
  ev.preventDefault();
  const f = new FormData(ev.target);
  const mode = f.get("mode");
  const body = {
    discipline: f.get("discipline"),
    frames: Number(f.get("frames")),
    lang,
    players: [
      { name: f.get("you") || "Player 1", kind: "human" },
      mode === "bot"
        ? { name: `${t("botName")} (${t(`levels.${f.get("level")}`)})`, kind: "bot",
          level: f.get("level") }
        : { name: f.get("them") || "Player 2", kind: "human" },
    ],
  };
  // Two against two: each side gets a partner (the bot's partner is a bot of its level).
  if (f.get("sides")) {
    body.alternate = f.get("sides");
    body.partners = [
      { name: f.get("you2") || "Player 3", kind: "human" },
      mode === "bot"
        ? { name: `${t("botName")} 2 (${t(`levels.${f.get("level")}`)})`, kind: "bot",
          level: f.get("level") }
        : { name: f.get("them2") || "Player 4", kind: "human" },
    ];
  }
  try {
    const made = await api("POST", "/api/matches", body);
    app.tokens = [made.tokens[0], mode === "hotseat" ? made.tokens[1] : null];
    app.invite = mode === "invite" ? new URL(made.links.seat1, location.href).href : null;
    app.match = made.match;
    writeHash();
    await enterMatch(made.match);
  } catch (e) {
    flash(e.message);
  }
}

// ------------------------------------------------------------------ the match screen

async function enterMatch(view) {
  $("#setup").hidden = true;
  $("#game").hidden = false;
  document.body.classList.add("in-game");
  window.scrollTo(0, 0);  // the set-up form may have been scrolled on a small screen
  const size = view.rules && view.rules.table ? `?size=${view.rules.table}` : "";
  const geo = await api("GET", `/api/tables/${view.discipline}${size}`);
  const canvas = $("#table");
  app.table = new TableView(canvas, geo);
  app.match = view;
  layout();
  app.seen = view.version;
  app.table.balls = ballsOf(view.ruling);
  app.history = [...view.log];
  const recent = view.log.slice(-6);
  for (const e of recent) addCalls(e, view);
  if (app.invite) {
    $("#invite").hidden = false;
    $("#invite-url").value = app.invite;
  }
  $("#spectator-url").value = `${location.origin}${location.pathname}#match=${view.id}`;
  render();
  connect();
  if (view.lang !== lang) relabelCalls();
  const you = mySeats();
  if (you.length && !view.seats[you[0]].joined) {
    api("POST", `/api/matches/${view.id}/join`, { seat: you[0] }, you[0]).catch(() => {});
  }
}

function facts(id) {
  // A discipline's facts (family, called shots, nominations...): the page tests these, never ids.
  return app.disciplines.find((d) => d.id === id) || {};
}

function layout() {
  if (!app.table) return;
  fitTable(app.table, { above: ["#scoreboard", "#status", "#viewer", "#last-call", "#controls"],
                        bar: () => $("#viewer").offsetHeight });  // the position viewer's bar
}

function keepTableInView() {
  // Striking from a scrolled page: bring the whole table back so the stroke is seen.
  const r = app.table.canvas.getBoundingClientRect();
  if (r.top < 0 || r.bottom > window.innerHeight) {
    app.table.canvas.scrollIntoView({ block: r.height <= window.innerHeight ? "nearest" : "start" });
  }
}

function ballsOf(ruling) {
  const out = {};
  for (const [k, v] of Object.entries(ruling.state.balls)) if (v) out[k] = v;
  return out;
}

function mySeats() {
  return [0, 1].filter((i) => app.tokens[i]);
}

function actingSeat() {
  const m = app.match;
  if (!m || m.over || m.busy || m.ruling.frame_over) return null;
  const p = m.ruling.to_play;
  return app.tokens[p] ? p : null;
}

function cueName(seat) {
  return app.match.cue_balls[seat];
}

function defaultPlace(where) {
  const g = app.table.geo;
  const taken = Object.values(app.table.balls);
  const cands = [];
  if (where === "D") {
    const [cx, cy] = g.d.centre;
    cands.push([cx + 70, cy - 110], [cx - 70, cy - 110], [cx, cy - 200]);
  } else if (where === "kitchen") {
    cands.push([g.width / 2, g.length / 4 - 120], [g.width / 2 + 150, g.length / 4 - 120]);
  } else {
    cands.push([g.width / 2, g.length / 4], [g.width / 2 + 200, g.length / 4], [g.width / 4, g.length / 2]);
  }
  return cands.find((p) => placeOk(p, where, taken)) || cands[0];
}

function clampPlace(p, where) {
  // Keep the dragged cue ball inside the area the ruling allows (the D, the kitchen, the bed).
  const g = app.table.geo, R = g.ball_radius;
  let x = Math.min(Math.max(p[0], R), g.width - R);
  let y = Math.min(Math.max(p[1], R), g.length - R);
  if (where === "D") {
    const [cx, cy] = g.d.centre, r = g.d.radius - 0.5;
    y = Math.min(y, cy);
    const d = Math.hypot(x - cx, y - cy);
    if (d > r) { x = cx + (x - cx) * r / d; y = cy + (y - cy) * r / d; }
  } else if (where === "kitchen") {
    y = Math.min(y, g.length / 4 - 1);
  }
  return [x, y];
}

function placeOk(p, where, taken) {
  const g = app.table.geo, R = g.ball_radius;
  const [x, y] = p;
  if (x < R || x > g.width - R || y < R || y > g.length - R) return false;
  if (where === "D") {
    const [cx, cy] = g.d.centre;
    if (y > cy || Math.hypot(x - cx, y - cy) > g.d.radius) return false;
  }
  if (where === "kitchen" && y >= g.length / 4) return false;
  const others = taken || Object.entries(app.table.balls)
    .filter(([n]) => n !== cueName(app.match.ruling.to_play)).map(([, v]) => v);
  return others.every(([bx, by]) => Math.hypot(bx - x, by - y) >= 2 * R);
}

function playerToPlay(m, side) {
  // The member of the side who plays next (the side's name for a side of one).
  const members = m.members && m.members[side];
  if (!members || members.length < 2) return m.seats[side].name;
  return members[m.ruling.member ?? m.member ?? 0];
}

function render() {
  const m = app.match;
  if (!m || !app.table) return;
  $("#skip").hidden = !rolling();
  const r = m.ruling;
  const seat = actingSeat();
  const mine = seat !== null && !app.busy && !app.viewer;
  const fx = facts(m.discipline);
  // scoreboard
  for (const i of [0, 1]) {
    const row = $(`#p${i}`);
    const members = m.members && m.members[i] && m.members[i].length > 1 ? m.members[i] : null;
    const cell = row.querySelector(".name");
    if (members) {
      // a side of two: its members in playing order, the one to play marked
      const up = r.member ?? m.member ?? 0;
      cell.replaceChildren(...members.flatMap((n, k) => {
        const el = document.createElement("span");
        el.textContent = n;
        el.className = r.to_play === i && k === up && !m.over ? "member up" : "member";
        return k ? [" & ", el] : [el];
      }));
    } else cell.textContent = m.seats[i].name;
    row.querySelector(".score").textContent = r.score[i];
    row.querySelector(".frames").textContent = m.frames_won[i];
    row.querySelector(".high").textContent = m.high_break[i];
    row.classList.toggle("to-play", r.to_play === i && !m.over);
  }
  $("#break").textContent = r.break;
  $("#frame-no").textContent = `${t(`frameWord.${fx.frame_word || "frame"}`)} ${m.frame_number} / ${m.frames}`
    + (fx.target && r.target ? ` · ${t("target")} ${r.target}` : "");
  // No ball_on in the ruling: any ball may be played.
  $("#ball-on").textContent = r.ball_on ? r.ball_on.map(ballName).join(", ") || t("none") : t("anyBall");
  const fr = r.fouls_in_a_row;
  $("#fouls-row").textContent = Array.isArray(fr) ? `${fr[0]} – ${fr[1]}` : (r.miss_count ?? t("none"));
  // status line
  let status;
  if (m.over) {
    status = m.winner === null ? `${t("matchOver")}: ${t("draw")}`
      : `${t("matchOver")}: ${m.seats[m.winner].name} ${t("winner")}`;
  } else if (app.replaying) status = t("replaying");
  else if (app.busy) status = t("rolling");
  else if (!mySeats().length) status = t("spectating");
  else if (seat === null) {
    status = `${t("waiting")} ${m.seats[r.to_play].name}…` +
      (m.seats[r.to_play].joined ? "" : ` (${t("notJoined")})`);
  }
  else status = `${playerToPlay(m, seat)} ${t("toPlay")}` +
    (r.free_ball ? ` — ${t("freeBall")}` : "") +
    (r.in_hand ? ` — ${t("placeHint")}` : ` — ${t("aimHint")}`);
  $("#status").textContent = status;
  // controls (a spectator has none)
  $("#controls").hidden = !mySeats().length;
  $("#actions").hidden = !mySeats().length;
  $("#controls").classList.toggle("disabled", !mine);
  for (const el of document.querySelectorAll("#controls button, #controls input, #controls select")) {
    el.disabled = !mine;
  }
  $("#undo").disabled = !mySeats().length || m.over || app.busy;
  $("#concede").disabled = seat === null || app.busy;
  // SNK-2.1(b): with only the black left, a lead of more than seven may claim the frame.
  const left = Object.keys(r.state.balls).filter((b) => r.state.balls[b] && b !== "cue");
  $("#claim").hidden = !(fx.family === "snooker" && seat !== null && !app.busy &&
    left.length === 1 && left[0] === "black" && r.score[seat] - r.score[1 - seat] > 7);
  // Declarations before the stroke, made on the table: a nomination (where the striker
  // nominates), a call or Safety (the call-shot games), a push out (when the ruling allows).
  const calling = !!fx.called_shots && !r.state.breaking;
  const cands = nominable();
  const decl = app.decl;
  $("#declare-row").hidden = !mine || !(calling || cands.length || r.push_out);
  $("#safety").hidden = !calling;
  $("#safety").setAttribute("aria-pressed", String(decl.safety));
  $("#push-out").hidden = !r.push_out;
  $("#push-out").setAttribute("aria-pressed", String(decl.push));
  $("#declare-clear").hidden = !(decl.call || decl.nominate || decl.safety || decl.push);
  const free = $("#free-balls");
  free.hidden = !(mine && r.free_ball && cands.length);
  if (!free.hidden) {
    const key = cands.slice(0, 6).join("|") + lang;
    if (free.dataset.key !== key) {
      free.dataset.key = key;
      free.replaceChildren(...cands.slice(0, 6).map((b, i) => {
        const el = document.createElement("button");
        el.type = "button";
        el.textContent = `${i + 1}. ${ballName(b)}`;
        el.dataset.ball = b;
        el.addEventListener("click", () => { app.decl.nominate = b; render(); });
        return el;
      }));
    }
    for (const el of free.children) el.setAttribute("aria-pressed", String(el.dataset.ball === decl.nominate));
  }
  // cue ball in hand
  if ((mine || (app.striking && seat !== null)) && r.in_hand && !r.options.length) {
    if (!app.place || !placeOk(app.place, r.in_hand)) app.place = defaultPlace(r.in_hand);
    app.table.placing = { at: app.place, ok: placeOk(app.place, r.in_hand), cue: cueName(seat) };
  } else {
    app.table.placing = null;
    if (!r.in_hand) app.place = null;
  }
  // aim guide
  const from = app.table.placing ? app.table.placing.at : app.table.balls[seat !== null ? cueName(seat) : ""];
  app.table.guide = mine && from && !r.options.length
    ? { from, angle: app.aim.angle, cue: cueName(seat), power: Number($("#power").value),
      side: app.tip.side } : null;
  // what will be declared: the striker's own choice, else what the aim makes obvious
  const call = calling && !decl.safety ? decl.call || inferredCall() : null;
  const nom = cands.length ? decl.nominate || inferredNomination(cands) : null;
  app.table.marks = mine ? { call, nominate: nom, candidates: r.free_ball ? cands.slice(0, 6) : [],
    chosen: !!(decl.call || decl.nominate) } : null;
  let text = "";
  if (calling) {
    text = decl.safety ? t("safety") : call
      ? `${t("callThis")}: ${ballName(call.ball)} → ${t(`pockets.${call.pocket}`)}` : t("callHint");
  } else if (cands.length) {
    text = nom ? `${t("nominate")}: ${ballName(nom)}` : r.free_ball ? t("freeBallHint") : t("nominateHint");
  }
  if (text && !decl.call && !decl.nominate && !decl.safety && (call || nom)) text += ` (${t("fromAim")})`;
  $("#declare-text").textContent = text;
  app.table.words.off = t("offTable");
  if (!app.viewer) app.table.draw();
  // decisions
  const dlg = $("#decision");
  if (mine && r.options.length) {
    const box = $("#decision-buttons");
    box.replaceChildren(...r.options.map((o) => {
      const b = document.createElement("button");
      b.textContent = t(`choice.${o}`);
      b.dataset.choice = o;
      b.addEventListener("click", () => decide(o));
      return b;
    }));
    $("#decision-calls").textContent = announceOf({ ruling: r, frame: m.frame_number }).join(" · ");
    if (!dlg.open) dlg.showModal();
  } else if (dlg.open) dlg.close();
  document.body.dataset.animating = rolling() ? "1" : "0";
  document.body.dataset.version = String(app.seen);
}

function addCalls(entry, view) {
  const list = $("#calls");
  const li = document.createElement("li");
  const automatic = ["lag", "lots", "stalemate", "frame-start", "match-over"].includes(entry.type);
  let who = !automatic && entry.player !== undefined && entry.player !== null &&
    view.seats[entry.player] ? view.seats[entry.player].name : "";
  // a side of two: the member who played (the action says which)
  const body = entry.action && Object.values(entry.action)[0];
  const side = who && view.members ? view.members[entry.player] : null;
  if (side && side.length > 1 && body && Number.isInteger(body.member)) who = side[body.member] || who;
  let text;
  if (entry.type === "match-over") {
    text = entry.winner === null ? `${t("matchOver")}: ${t("draw")}`
      : `${t("matchOver")}: ${view.seats[entry.winner].name} ${t("winner")}`;
  } else if (entry.type === "frame-start") {
    text = `${t("frame")} ${entry.frame}`;
  } else {
    const calls = announceOf(entry);
    let extra = "";
    if (entry.type === "shot" && entry.shot) {
      const pots = Object.keys(entry.shot.pocketed || {});
      extra = pots.length ? `${t("potted")}: ${pots.map(ballName).join(", ")}` : t("noPot");
      const off = (entry.shot.events || []).filter((e) => e.off !== undefined).map((e) => e.off);
      if (off.length) extra += ` · ${t("offTable")}: ${off.map(ballName).join(", ")}`;
    } else if (entry.type === "decision") {
      extra = t(`choice.${entry.action.decision.choice}`);
    } else if (entry.type === "undo") {
      extra = t("undo");
    } else if (entry.type === "lag") {
      extra = `${t("lag")}: ${view.seats[entry.ruling.to_play].name} ${t("breaks")}`;
    }
    text = [who, extra, calls.join(" · ")].filter(Boolean).join(" — ");
  }
  const span = document.createElement("span");
  span.textContent = text;
  li.append(span);
  li.className = entry.ruling && entry.ruling.legal === false ? "foul" : "";
  if (entry.ruling && typeof entry.ruling.action === "number" && entry.frame) {
    // replay this stroke (when its paths are still known), or open it as a link for anyone
    const k = entry.ruling.action;
    if (entry.shot && entry.shot.trajectories) {
      li.append(smallButton("▶", t("replay"), "replay", () => replay(entry)));
    }
    li.append(smallButton("🔗", t("linkStroke"), "link", () => {
      const url = strokeLink(entry.frame, k);
      navigator.clipboard?.writeText(url).catch(() => {});
      flash(`${t("linkCopied")}: ${url}`, false);
    }));
  }
  list.prepend(li);
  while (list.children.length > 40) list.lastChild.remove();
  // On a phone the newest call shows just under the table.
  const last = $("#last-call");
  last.textContent = text;
  last.classList.toggle("foul", li.className === "foul");
}

function ballName(b) {
  const base = b.replace(/[0-9]+$/, "");
  const name = t(`balls.${base}`);
  if (!base || name.startsWith("balls.")) return b;
  return base === b ? name : `${name} ${b.slice(base.length)}`;
}

function smallButton(label, title, cls, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = `mini ${cls}`;
  b.textContent = label;
  b.title = title;
  b.setAttribute("aria-label", title);
  b.addEventListener("click", onClick);
  return b;
}

function strokeLink(frame, k) {
  return `${location.origin}${location.pathname}#match=${app.match.id}&frame=${frame}&stroke=${k}`;
}

function positionLink(frame, at) {
  return `${location.origin}${location.pathname}#match=${app.match.id}&frame=${frame}&at=${at}`;
}

// ------------------------------------------------------------------ waiting: skip, replay, view

function rolling() {
  // Balls are being drawn, or a stroke sent has not come back yet.
  return app.busy || (app.expect || 0) > app.seen;
}

function skip() {
  // Finish the stroke being drawn at once, and those queued behind it (also one sent and
  // not back yet: it will not be drawn).
  if (!rolling()) return;
  app.skipping = true;
  app.table.skip = true;
}

function autoSkip(entry) {
  // The other side's strokes and the automatic ones (the lag) when the page is told to.
  if (!$("#auto-skip").checked) return false;
  return entry.type === "lag" || !(entry.player !== undefined && app.tokens[entry.player]);
}

async function replay(entry) {
  if (app.busy || app.viewer || !entry.shot || !entry.shot.trajectories) return;
  app.busy = true;
  app.replaying = true;
  render();
  const k = Number($("#replay-speed").value) * app.timeScale;
  await new Promise((done) => app.table.animate(scaleShot(entry.shot, k), done));
  app.replaying = false;
  app.busy = false;
  app.table.balls = ballsOf(app.match.ruling);
  render();
  if (app.queue.length) drain();
}

async function openViewer(frame, at, stroke) {
  // A frame of the match, position by position (the referee's rulings give each one), for
  // anyone with the link; a stroke opens on the position before it and plays it.
  const m = app.match;
  let rulings, record;
  try {
    [record, rulings] = await Promise.all([
      api("GET", `/api/matches/${m.id}/frames/${frame}/record`),
      api("GET", `/api/matches/${m.id}/frames/${frame}/rulings?lang=${lang}`)]);
  } catch (e) {
    flash(e.message);
    return;
  }
  const start = record.start && record.start.balls ? record.start.balls : null;
  const positions = [start, ...rulings.filter((x) => !x.error).map((x) => x.state.balls)];
  const last = positions.length - 1;
  const playing = stroke !== null && stroke !== undefined;
  // A standard rack is not in the record (start: null): the first position shown is then the
  // one after the first action.
  const first = start || last === 0 ? 0 : 1;
  app.viewer = { frame, positions, rulings, k: first, first };
  $("#viewer").hidden = false;
  layout();
  showPosition(playing ? stroke : at ?? 0);
  if (playing) {
    const entry = app.history.find((e) => e.frame === frame && e.ruling && e.ruling.action === stroke);
    if (entry && entry.shot && entry.shot.trajectories) {
      const k = Number($("#replay-speed").value) * app.timeScale;
      document.body.dataset.animating = "1";
      await new Promise((done) => app.table.animate(scaleShot(entry.shot, k), done));
      document.body.dataset.animating = "0";
    }
    showPosition(Math.min(last, stroke + 1));
  }
}

function showPosition(k) {
  const v = app.viewer;
  v.k = Math.max(v.first, Math.min(v.positions.length - 1, k));
  const balls = v.positions[v.k];
  app.table.guide = null;
  app.table.placing = null;
  app.table.marks = null;
  app.table.offMarks = [];
  app.table.balls = balls ? ballsOf({ state: { balls } }) : {};
  app.table.draw();
  const r = v.k > 0 ? v.rulings[v.k - 1] : null;
  $("#viewer-text").textContent = `${t(`frameWord.${facts(app.match.discipline).frame_word || "frame"}`)} ${v.frame}`
    + ` · ${t("position")} ${v.k} / ${v.positions.length - 1}`
    + (r ? ` · ${(r.announce || []).join(" · ")}` : "");
  $("#viewer-prev").disabled = v.k === v.first;
  $("#viewer-next").disabled = v.k === v.positions.length - 1;
  document.body.dataset.viewing = String(v.k);
}

function closeViewer() {
  app.viewer = null;
  $("#viewer").hidden = true;
  delete document.body.dataset.viewing;
  layout();
  app.table.balls = ballsOf(app.match.ruling);
  render();
  if (app.queue.length) drain();
}

function announceOf(entry) {
  // The referee's calls in the page's language (re-ruled by the server after a switch).
  const r = entry.ruling;
  if (!r) return [];
  if (app.announce && app.match && entry.frame === app.match.frame_number && app.announce.has(r.action)) {
    return app.announce.get(r.action);
  }
  return r.announce || [];
}

async function relabelCalls() {
  // The match's log is in its own language; the frame's rulings come again in the page's.
  const m = app.match;
  if (!m) return;
  app.announce = null;
  if (lang !== m.lang) {
    try {
      const out = await api("GET", `/api/matches/${m.id}/frames/${m.frame_number}/rulings?lang=${lang}`);
      app.announce = new Map(out.filter((x) => !x.error).map((x) => [x.action, x.announce]));
    } catch (e) {
      app.announce = null;  // keep the match's language rather than nothing
    }
  }
  $("#calls").replaceChildren();
  for (const e of app.history.slice(-40)) addCalls(e, app.match);
}

// ------------------------------------------------------------------ declarations

function objectBalls() {
  const cues = app.match.cue_balls;
  return Object.keys(app.table.balls).filter((b) => !cues.includes(b));
}

function nominable() {
  // SNK-2.12, SNK-3.10(a)(i): after a foul with a free ball any object ball may be nominated
  // (nearest the cue ball first); after a red, a colour is.
  const m = app.match, r = m.ruling;
  if (!facts(m.discipline).nominates || actingSeat() === null) return [];
  const objects = objectBalls();
  if (r.free_ball) {
    const cue = (app.table.placing && app.table.placing.at) || app.table.balls[cueName(r.to_play)];
    if (!cue) return objects;
    const d = (b) => Math.hypot(app.table.balls[b][0] - cue[0], app.table.balls[b][1] - cue[1]);
    return objects.sort((a, b) => d(a) - d(b));
  }
  if ((r.ball_on || []).includes("any-colour") || r.phase === "colour") {
    // the colours are the balls worth more than one point (the table's ball set says)
    const colours = app.table.geo.balls.filter((b) => (b.value || 0) > 1).map((b) => b.name);
    return colours.filter((c) => objects.includes(c));
  }
  return [];
}

function aimedBall() {
  const g = app.table.guide;
  if (!g) return null;
  const hit = app.table.castRay(g.from, g.angle, g.cue);
  return hit.ball ? { ball: hit.ball, at: hit.at } : null;
}

function inferredNomination(cands) {
  // SNK-2.12: a ball indicated by obvious aim counts as nominated.
  const a = aimedBall();
  return a && cands.includes(a.ball) ? a.ball : null;
}

function inferredCall() {
  // POOL-1.6: the call need not be said when ball and pocket are obvious: the ball the aim
  // hits first and the pocket its line of centres points at (within 12 degrees).
  const a = aimedBall();
  if (!a) return null;
  const [bx, by] = app.table.balls[a.ball];
  const dir = Math.atan2(by - a.at[1], bx - a.at[0]);
  let best = null, err = 12 * Math.PI / 180;
  for (const p of app.table.geo.pockets) {
    const [px, py] = p.capture.centre;
    const d = Math.atan2(py - by, px - bx) - dir;
    const e = Math.abs(Math.atan2(Math.sin(d), Math.cos(d)));
    if (e < err) { err = e; best = p.name; }
  }
  return best ? { ball: a.ball, pocket: best } : null;
}

function touchTolerance() {
  // A finger is wider than a ball on a phone: 22 px (half a 44 px target) or 1.6 radii.
  return Math.max(app.table.geo.ball_radius * 1.6, 22 / app.table.scale);
}

function ballAt(p) {
  let best = null, dist = touchTolerance();
  for (const b of objectBalls()) {
    const [x, y] = app.table.balls[b];
    const d = Math.hypot(x - p[0], y - p[1]);
    if (d < dist) { dist = d; best = b; }
  }
  return best;
}

function pocketAt(p) {
  for (const pk of app.table.geo.pockets) {
    const [x, y] = pk.capture.centre;
    if (Math.hypot(x - p[0], y - p[1]) < pk.capture.radius + touchTolerance() * 0.6) return pk.name;
  }
  return null;
}

function tableTouch(p) {
  // A touch on a pocket calls the ball picked (or aimed at) into it and leaves the aim; a
  // touch on a ball picks it (and nominates it where it may be); then the touch aims.
  const m = app.match, r = m.ruling, d = app.decl;
  const pocket = pocketAt(p);
  if (pocket && facts(m.discipline).called_shots && !r.state.breaking) {
    const ball = d.picked || (inferredCall() || aimedBall() || {}).ball;
    if (ball) {
      d.call = { ball, pocket };
      d.safety = false;
      render();
      return false;
    }
  }
  const ball = ballAt(p);
  if (ball) {
    d.picked = ball;
    if (d.call && d.call.ball !== ball) d.call = null;
    if (nominable().includes(ball)) d.nominate = ball;
  }
  return true;
}

function resetDeclarations() {
  app.decl = { picked: null, nominate: null, call: null, safety: false, push: false };
}

// ------------------------------------------------------------------ updates

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  try {
    const ws = new WebSocket(`${proto}://${location.host}/api/matches/${app.match.id}/ws`);
    ws.onmessage = (ev) => {
      const v = JSON.parse(ev.data).version;
      if (v > app.seen) refresh();
    };
    ws.onclose = () => setTimeout(() => { if (app.socket === ws) connect(); }, 2000);
    app.socket = ws;
  } catch (e) {
    /* polling below still works */
  }
  clearInterval(app.poll);
  app.poll = setInterval(refresh, 3000);
}

async function refresh() {
  if (refresh.running) { refresh.again = true; return; }
  refresh.running = true;
  try {
    const seat = mySeats()[0];
    const view = await api("GET", `/api/matches/${app.match.id}?since=${app.seen}`, null, seat);
    const fresh = view.log.filter((e) => e.seq > app.seen);
    if (fresh.length) {
      app.seen = Math.max(...fresh.map((e) => e.seq));
      app.queue.push(...fresh.map((e) => ({ entry: e, view })));
      app.latest = view;
    }
    // Entries queued while a stroke was being sent (busy) are played now, not left waiting.
    if (app.queue.length) drain();
    else if (!app.busy) {
      app.match = view;
      render();
    }
  } catch (e) {
    flash(e.message);
  } finally {
    refresh.running = false;
    if (refresh.again) { refresh.again = false; refresh(); }
  }
}

async function drain() {
  if (app.busy || app.viewer) return;
  app.busy = true;
  render();
  while (app.queue.length) {
    const { entry, view } = app.queue.shift();
    if (entry.type === "shot" && entry.shot && entry.shot.trajectories) {
      app.table.guide = null;
      app.table.placing = null;
      if (!app.skipping && !autoSkip(entry)) {
        const scaled = app.timeScale === 1 ? entry.shot : scaleShot(entry.shot, app.timeScale);
        await new Promise((done) => app.table.animate(scaled, done));
      }
      if (app.skipping || autoSkip(entry) || app.table.skipped) app.skipped.push(entry.seq);
    }
    if (entry.ruling) {
      app.table.balls = ballsOf(entry.ruling);
      app.match = { ...view, ruling: entry.ruling };
    }
    addCalls(entry, view);
    app.history.push(entry);
  }
  app.match = app.latest || app.match;
  app.table.balls = ballsOf(app.match.ruling);
  app.busy = false;
  if (!((app.expect || 0) > app.seen)) app.skipping = false;  // a skip asked for a stroke on its way holds
  app.aim.locked = false;
  resetDeclarations();
  render();
  if (app.match.lang !== lang) relabelCalls();
}

function scaleShot(shot, k) {
  // Faster playback for tests: t -> t / k (positions unchanged).
  const tr = {};
  for (const [n, segs] of Object.entries(shot.trajectories)) {
    tr[n] = segs.map((s) => ({ ...s, t0: s.t0 / k, t1: s.t1 / k,
      v0: [s.v0[0] * k, s.v0[1] * k], a: [s.a[0] * k * k, s.a[1] * k * k],
      vz: (s.vz || 0) * k, az: (s.az || 0) * k * k }));
  }
  const events = (shot.events || []).map((e) => ({ ...e, t: e.t / k }));
  return { ...shot, events, trajectories: tr, duration: shot.duration / k };
}

// ------------------------------------------------------------------ acting

async function strike() {
  const seat = actingSeat();
  if (seat === null || app.busy || app.viewer) return;
  const r = app.match.ruling;
  const power = Number($("#power").value);
  const body = {
    angle: app.aim.angle,
    speed: Math.round((0.3 + (power / 100) ** 1.5 * 9.7) * 100) / 100,
    side: app.tip.side,
    height: app.tip.height,
    elevation: Number($("#elevation").value),
  };
  if (r.in_hand) body.place = app.place;
  const fx = facts(app.match.discipline);
  // The declarations made on the table (or made obvious by the aim); no dialog.
  const cands = nominable();
  const nom = cands.length ? app.decl.nominate || inferredNomination(cands) : null;
  if (nom) body.nominate = nom;
  if (fx.called_shots && !r.state.breaking) {
    const call = app.decl.safety ? "safety" : app.decl.call || inferredCall();
    if (!call) {
      flash(t("callFirst"));
      return;
    }
    body.call = call;
  }
  if (r.push_out) body.push_out = app.decl.push;
  keepTableInView();
  try {
    app.busy = true;
    app.striking = true;  // keep the placed cue ball drawn until the shot comes back
    render();
    const played = await api("POST", `/api/matches/${app.match.id}/strike`, body, seat);
    app.expect = played.seq || 0;  // "animating" until this stroke has come back and played
    resetDeclarations();
    app.busy = false;
    app.striking = false;
    await refresh();
  } catch (e) {
    app.busy = false;
    app.striking = false;
    flash(e.message);
    render();
  }
}

async function decide(choice) {
  const seat = actingSeat();
  if (seat === null) return;
  try {
    $("#decision").close();
    await api("POST", `/api/matches/${app.match.id}/decide`, { choice }, seat);
    await refresh();
  } catch (e) {
    flash(e.message);
    render();
  }
}

async function undo() {
  // In hot-seat this browser holds both seats: the last mover's seat takes it back.
  const last = [...app.history].reverse().find((e) => e.type !== "undo" && app.tokens[e.player]);
  const order = last ? [last.player, 1 - last.player] : mySeats();
  let error = null;
  for (const seat of order.filter((i) => app.tokens[i])) {
    try {
      await api("POST", `/api/matches/${app.match.id}/undo`, null, seat);
      await refresh();
      return;
    } catch (e) {
      error = e;
    }
  }
  if (error) flash(error.message);
}

async function simple(what, body) {
  const m = app.match;
  const seat = actingSeat() ?? mySeats()[0];
  try {
    await api("POST", `/api/matches/${m.id}/${what}`, body, seat);
    await refresh();
  } catch (e) {
    flash(e.message);
  }
}

// ------------------------------------------------------------------ pointer input

function pointer(ev) {
  const rect = app.table.canvas.getBoundingClientRect();
  return app.table.toTable(ev.clientX - rect.left, ev.clientY - rect.top);
}

function bindTable() {
  const canvas = $("#table");
  let dragging = false;
  canvas.addEventListener("pointerdown", (ev) => {
    canvas.classList.remove("keyed");  // a pointer's focus needs no ring; Tab's does
    canvas.focus({ preventScroll: true });
    if (actingSeat() === null || app.busy || app.viewer || !app.table) return;
    const p = pointer(ev);
    const pl = app.table.placing;
    // A finger is wider than a ball on a phone: grab within 24 px or 2.5 radii.
    const grab = Math.max(app.table.geo.ball_radius * 2.5, 24 / app.table.scale);
    if (pl && Math.hypot(p[0] - pl.at[0], p[1] - pl.at[1]) < grab) {
      dragging = true;
      canvas.setPointerCapture(ev.pointerId);
      return;
    }
    if (!tableTouch(p)) return;
    aimAt(p);
    app.aim.locked = !app.aim.locked || ev.pointerType !== "mouse";
  });
  canvas.addEventListener("pointermove", (ev) => {
    if (actingSeat() === null || app.busy || app.viewer || !app.table) return;
    const p = pointer(ev);
    if (dragging) {
      app.place = clampPlace(p, app.match.ruling.in_hand);
      render();
    } else if (!app.aim.locked || (ev.pointerType !== "mouse" && ev.buttons)) {
      aimAt(p);
    }
  });
  canvas.addEventListener("pointerup", async () => {
    if (!dragging) return;
    dragging = false;
    const seat = actingSeat();
    try {
      await api("POST", `/api/matches/${app.match.id}/place`, { at: app.place }, seat);
      flash("", false);
    } catch (e) {
      flash(e.message);
    }
  });
  bindTableKeys(canvas, $("#power"), {
    blocked: () => actingSeat() === null || app.busy, nudge, strike });
}

function nudge(deg) {
  // Fine aim: a finger covers the ball it aims at, so small steps come from buttons or keys.
  if (actingSeat() === null || app.busy) return;
  app.aim.angle += deg;
  app.aim.locked = true;
  render();
}

function aimAt(p) {
  const seat = actingSeat();
  const from = app.table.placing ? app.table.placing.at : app.table.balls[cueName(seat)];
  if (!from) return;
  app.aim.angle = Math.atan2(p[1] - from[1], p[0] - from[0]) * 180 / Math.PI;
  render();
}

function bindTip() {
  // Not blocked: a spectator has no controls, and a tip set while the balls roll is the next
  // stroke's.
  bindTipPad($("#tip"), $("#tip-value"), app, { changed: render });
}

// ------------------------------------------------------------------ start

function fillSetup() {
  // The server's list, in its order; a pool game is the default (quicker to learn).
  const sel = $("#discipline");
  const list = app.disciplines;
  const current = sel.value || (list.find((d) => d.family === "pool" && !d.called_shots) || list[0] || {}).id;
  sel.replaceChildren(...list.map((d) => new Option(d.names[lang] || d.names.en, d.id)));
  if (current) sel.value = current;
}

async function main() {
  mountShared($("header"), $("#controls"));
  try {
    app.disciplines = await api("GET", "/api/disciplines");
  } catch (e) {
    flash(e.message);
  }
  setLang(lang);
  fillSetup();
  $("#lang").value = lang;
  $("#lang").addEventListener("change", (ev) => {
    setLang(ev.target.value);
    fillSetup();
    if (app.match) { render(); relabelCalls(); }
    if (app.viewer) openViewer(app.viewer.frame, app.viewer.k, null);  // its calls, re-ruled
  });
  $("#setup-form").addEventListener("submit", startMatch);
  const modeChanged = () => {
    const mode = new FormData($("#setup-form")).get("mode");
    $("#level-row").hidden = mode !== "bot";
    $("#them-row").hidden = mode === "bot";
    const sides = new FormData($("#setup-form")).get("sides");
    for (const el of document.querySelectorAll(".partner-row")) el.hidden = !sides;
    $("#them2-row").hidden = !sides || mode === "bot";
  };
  $("#sides").addEventListener("change", modeChanged);
  for (const r of document.querySelectorAll("input[name=mode]")) r.addEventListener("change", modeChanged);
  modeChanged();
  $("#strike").addEventListener("click", strike);
  $("#undo").addEventListener("click", undo);
  $("#concede").addEventListener("click", () => simple("concede"));
  $("#claim").addEventListener("click", () => simple("claim"));
  $("#power").addEventListener("input", (ev) => {
    $("#power-value").textContent = `${ev.target.value}%`;
    render();
  });
  $("#elevation").addEventListener("input", (ev) => { $("#elevation-value").textContent = `${ev.target.value}°`; });
  $("#copy-invite").addEventListener("click", () => navigator.clipboard?.writeText($("#invite-url").value));
  $("#new-match").addEventListener("click", () => { location.hash = ""; location.reload(); });
  bindTable();
  bindTip();
  window.addEventListener("hashchange", () => location.reload());
  window.addEventListener("resize", layout);
  if (window.ResizeObserver) {
    const watch = new ResizeObserver(() => layout());
    for (const sel of ["#scoreboard", "#status", "#controls"]) watch.observe($(sel));
  }
  $("#aim-left").addEventListener("click", () => nudge(0.1));
  $("#safety").addEventListener("click", () => {
    app.decl.safety = !app.decl.safety;
    if (app.decl.safety) app.decl.call = null;
    render();
  });
  $("#push-out").addEventListener("click", () => { app.decl.push = !app.decl.push; render(); });
  $("#declare-clear").addEventListener("click", () => { resetDeclarations(); render(); });
  $("#skip").addEventListener("click", skip);
  window.addEventListener("keydown", (ev) => { if (ev.key === "Escape") skip(); });
  $("#auto-skip").checked = localStorage.getItem("cuesport-auto-skip") === "1";
  $("#auto-skip").addEventListener("change", (ev) => {
    localStorage.setItem("cuesport-auto-skip", ev.target.checked ? "1" : "0");
  });
  $("#viewer-prev").addEventListener("click", () => showPosition(app.viewer.k - 1));
  $("#viewer-next").addEventListener("click", () => showPosition(app.viewer.k + 1));
  $("#viewer-close").addEventListener("click", closeViewer);
  $("#viewer-link").addEventListener("click", () => {
    const url = positionLink(app.viewer.frame, app.viewer.k);
    navigator.clipboard?.writeText(url).catch(() => {});
    flash(`${t("linkCopied")}: ${url}`, false);
  });
  $("#aim-right").addEventListener("click", () => nudge(-0.1));
  const { id, tokens, frame, at, stroke } = readHash();
  if (id) {
    app.tokens = [tokens[0] || null, tokens[1] || null];
    try {
      const seat = mySeats()[0];
      const view = await api("GET", `/api/matches/${id}`, null, seat);
      await enterMatch(view);
      if (frame !== null) await openViewer(frame, at, stroke);
    } catch (e) {
      flash(e.message);
    }
  }
  document.body.dataset.ready = "1";
}

main();
