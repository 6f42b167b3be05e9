// The marker's page (/score): a real table scored without coordinates (protocol 1.1,
// rules.positions false). Each visit becomes one referee action, fed to the live referee
// session (/api/referee/sessions); the match is kept in localStorage, so a reload resumes
// and a dropped network only queues the visits until it returns.

const KEY = "cuesport.score";
const T = {
  en: {
    table: "Table", title: "Marker", setup: "New match", discipline: "Discipline", player1: "Player 1",
    player2: "Player 2", format: "Format", "best-of": "Best of N frames", "race-to": "Race to N",
    begin: "Start", "first-hit": "First ball hit", potted: "Potted",
    rails: "Object balls to a rail after contact", "foul-kind": "Foul", judgement: "Referee's judgement",
    undo: "Undo", enter: "Enter visit", "next-frame": "Next frame", "new-match": "New match",
    nothing: "Nothing", break: "Break", on: "On", remaining: "Remaining", frames: "Frames",
    "to-play": "to play", fouls: "Fouls in a row", warning: "Warning: on two fouls",
    offline: "offline: {n} queued", online: "online", queued: "{n} queued", won: "{p} wins the frame",
    moved: "The frame was changed from another page: {n} visit(s) kept in the queue. Send again, or Undo to drop it.",
    resend: "Send again",
    match: "{p} wins the match", miss: "Miss", clear_path: "Clear path", full_ball: "Full ball",
    snookered: "Snookered after", misplaced: "Placed outside", not_played_out: "Not played out",
    baulk_crossed: "Baulk line crossed", push_out: "Push out", push_stroke: "Push stroke",
    double_hit: "Double hit", jump: "Jump shot", feet_off_floor: "No foot on floor",
    touched: "Touched a ball", play: "Play", pass: "Pass", replace: "Replace",
    "in-hand": "Ball in hand", "re-rack": "Re-rack", "re-rack-opponent": "Opponent re-racks",
    "spot-eight": "Spot the 8", "re-break": "Re-break", "spot-ball": "Spot ball",
    partner: "Partner (doubles)", target: "Target score", handicap: "Handicap start: points",
    "handicap-frames": "Handicap start: frames", "cue-rail": "Cue ball to a rail",
    fell: "Fell by itself", call: "Call: ball", safety: "Safety", "call-pocket": "Called pocket",
    "went-in": "The {b} went into", called: "called", "no-call": "No call: a ball potted counts only as called",
    "played-safe": "Played safe", intent: "Intent",
    "top-left": "Top left", "top-right": "Top right", "middle-left": "Middle left",
    "middle-right": "Middle right", "bottom-left": "Bottom left", "bottom-right": "Bottom right",
    spots: "Spots taken before respotting", rerack: "Re-rack: in the way of the rack",
    behind: "Behind the head string", cue: "Cue ball", "at-table": "at the table: {m}",
    // the heading says "spots": the colour is enough on a button
    "yellow-spot": "Yellow", "green-spot": "Green", "brown-spot": "Brown",
    "blue-spot": "Blue", "pink-spot": "Pink", "black-spot": "Black",
    "foot-spot": "Foot spot", "head-spot": "Head spot", "centre-spot": "Centre spot",
    touching: "Touching the cue ball at rest", "snookered-by": "Free ball: the snookering balls at rest",
    kitchen: "Ball in hand behind the head string", "all-behind": "Every object ball behind the head string",
    "spot-which": "Spot ball: the one nearest the head string",
  },
  // the pool seed's terms: the head string is «передняя линия» (POOL-1.5, POOL-6.10), the
  // baulk line of snooker with one red «линия дома» (ONE-2.13)
  ru: {
    table: "Стол", title: "Маркёр", setup: "Новый матч", discipline: "Дисциплина", player1: "Игрок 1",
    player2: "Игрок 2", format: "Формат", "best-of": "До N побед из 2N−1", "race-to": "До N побед",
    begin: "Начать", "first-hit": "Первый шар", potted: "Забиты",
    rails: "Прицельных к борту после соударения", "foul-kind": "Фол", judgement: "Решение судьи",
    undo: "Отменить", enter: "Записать подход", "next-frame": "Следующая партия",
    "new-match": "Новый матч", nothing: "Ничего", break: "Серия", on: "Прицельный",
    remaining: "Осталось", frames: "Партии", "to-play": "бьёт", fouls: "Фолов подряд",
    warning: "Предупреждение: два фола", offline: "нет связи: в очереди {n}", online: "связь есть",
    queued: "в очереди {n}", won: "{p} выигрывает партию", match: "{p} выигрывает матч",
    moved: "Партию изменили с другой страницы: подходов в очереди {n}. Отправьте снова или отмените.",
    resend: "Отправить снова",
    miss: "Промах", clear_path: "Прямой путь", full_ball: "Полный шар",
    snookered: "Снукер после", misplaced: "Вне зоны", not_played_out: "Не выведен",
    baulk_crossed: "Линия дома пересечена", push_out: "Пуш-аут", push_stroke: "Толчок",
    double_hit: "Двойное касание", jump: "Прыжок", feet_off_floor: "Ноги от пола",
    touched: "Касание шара", play: "Играть", pass: "Передать", replace: "Вернуть шары",
    "in-hand": "Шар с руки", "re-rack": "Перестановка", "re-rack-opponent": "Расставляет соперник",
    "spot-eight": "Восьмёрку на точку", "re-break": "Разбить снова", "spot-ball": "Шар на точку",
    partner: "Партнёр (пары)", target: "Игра до очков", handicap: "Фора: очки на старте",
    "handicap-frames": "Фора: партии на старте", "cue-rail": "Биток к борту",
    fell: "Упал сам", call: "Заказ: шар", safety: "Отыгрыш", "call-pocket": "Заказанная луза",
    "went-in": "Шар {b} упал в лузу", called: "заказ", "no-call": "Нет заказа: забитый шар засчитывается только по заказу",
    "played-safe": "Отыгрыш", intent: "Намерение",
    "top-left": "Верхняя левая", "top-right": "Верхняя правая", "middle-left": "Средняя левая",
    "middle-right": "Средняя правая", "bottom-left": "Нижняя левая", "bottom-right": "Нижняя правая",
    spots: "Занятые отметки до выставления", rerack: "Перестановка: мешают пирамиде",
    behind: "За передней линией", cue: "Биток", "at-table": "у стола: {m}",
    "yellow-spot": "Жёлтая", "green-spot": "Зелёная", "brown-spot": "Коричневая",
    "blue-spot": "Синяя", "pink-spot": "Розовая", "black-spot": "Чёрная",
    "foot-spot": "Задняя отметка", "head-spot": "Передняя отметка", "centre-spot": "Центральная отметка",
    touching: "Касаются битка после остановки", "snookered-by": "Свободный шар: ставят снукер",
    kitchen: "Биток с руки из-за передней линии", "all-behind": "Все прицельные за передней линией",
    "spot-which": "Шар на точку: ближайший к передней линии",
  },
};
const COLOURS = ["yellow", "green", "brown", "blue", "pink", "black"];
const SNOOKER_SPOTS = COLOURS.map((c) => `${c}-spot`);
// The marker is asked for a pocket only where a rule reads it: the call (ball and pocket,
// before the stroke) and where the called ball went; every other pot is "unknown"
// (protocol 1.1 without positions, docs/positions-free.md). Laid out as the table is seen
// from the head (baulk) end: top is the far end.
const UNKNOWN = "unknown";
const POCKETS = [["top-left", "top-right"], ["middle-left", "middle-right"],
  ["bottom-left", "bottom-right"]];
const VALUE = { red: "1", yellow: "2", green: "3", brown: "4", blue: "5", pink: "6", black: "7" };
const BALL_RU = { red: "красный", yellow: "жёлтый", green: "зелёный", brown: "коричневый",
  blue: "синий", pink: "розовый", black: "чёрный", "any-colour": "любой цветной",
  white: "белый", solids: "сплошные", stripes: "полосатые", open: "открытый стол" };
function ballName(b) { return lang() === "ru" ? (BALL_RU[b] || b) : b; }
// the referee's judgements a marker may enter, by family (pool has no jump-shot foul)
const FOUL_KINDS = {
  snooker: ["push_stroke", "double_hit", "jump", "feet_off_floor", "touched"],
  pool: ["push_stroke", "double_hit", "feet_off_floor", "touched"],
};

let facts = [];  // GET /api/disciplines
let M = load();  // the match: header, frames, actions, rulings, queue, sid, lang
let visit = blankVisit();
const $ = (id) => document.getElementById(id);

function blankVisit() {
  // call: null, a ball (then callPocket) or "safety"; wentIn: the pocket the called ball
  // went into when not the called one (null: the called pocket, the default)
  return { first: null, potted: [], rails: 1, cueRail: false, call: null, callPocket: null,
           wentIn: null, safety: false, foul: null, flags: {},
           spots: [], interferes: [], behind: [], fell: [], touching: [], snookeredBy: [],
           allBehind: false };
}
function load() {
  try { return JSON.parse(localStorage.getItem(KEY)) || null; } catch { return null; }
}
function save() { localStorage.setItem(KEY, JSON.stringify(M)); }
function lang() { return (M && M.lang) || localStorage.getItem(KEY + ".lang") || "en"; }
function t(key, args = {}) {
  let s = (T[lang()] || T.en)[key] || T.en[key] || key;
  for (const [k, v] of Object.entries(args)) s = s.replace(`{${k}}`, v);
  return s;
}
function fx() { return facts.find((d) => d.id === M.header.discipline); }
function last() { return M.rulings[M.rulings.length - 1] || null; }

// ------------------------------------------------------------------ the referee session

async function api(path, body) {
  const r = await fetch(`/api/referee${path}?lang=${lang()}`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  return { status: r.status, body: await r.json() };
}

function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

async function openSession() {
  // a new session replays every accepted action: resumes after a reload or a restart. It
  // replaces the old one (undo, language switch), which is kept but no longer counted
  let r = await api("/sessions", M.replaces ? { ...M.header, replaces: M.replaces } : M.header);
  // 404/410: the old one is gone or replaced already; nothing of it is counted twice
  if (M.replaces && (r.status === 404 || r.status === 410)) r = await api("/sessions", M.header);
  if (r.status !== 201) throw new Error(r.body.error || "session refused");
  const sid = r.body.session;
  M.replaces = sid;  // should the replay stop half-way, the next try replaces this one
  save();
  const rulings = [];
  for (const a of M.actions) {
    const f = await api(`/sessions/${sid}/actions`, a);
    if (f.status !== 200) throw new Error(f.body.error || "replay refused");
    rulings.push(f.body);
  }
  M.sid = sid;
  M.replaces = null;
  M.rulings = rulings;
  M.high = highBreaks();
  save();
}

let syncing = false;
async function sync() {
  if (syncing) return;
  syncing = true;
  try {
    if (!M.sid) await openSession();
    while (M.queue.length && !M.held) {
      const action = M.queue[0];
      const r = await api(`/sessions/${M.sid}/actions`, action);
      if (r.status === 404) { M.replaces = M.sid; M.sid = null; await openSession(); continue; }
      if (r.status === 410) { M.sid = null; await openSession(); continue; }
      if (r.status >= 500) throw new Error("server");
      if (r.status === 409 && await conflict()) continue;  // nothing moved: send it again
      if (r.status === 409) break;  // kept in the queue, held: the marker decides
      M.queue.shift();
      if (r.status === 200) {
        M.actions.push(action);
        M.rulings.push(r.body);
        M.error = "";
        M.high = highBreaks();
      } else {
        M.error = r.body.error || "refused";  // bad input changes nothing
      }
      save();
      render();
    }
    setNet(true);
    publish();
  } catch (err) {
    setNet(false);
    setTimeout(sync, 1500);
  } finally {
    syncing = false;
    render();
  }
}
async function conflict() {
  // another writer fed the session first: a visit is never dropped. If the stored frame is
  // still the one the marker sees, send the visit again; else hold the queue with a message
  const g = await fetch(`/api/referee/sessions/${M.sid}/record?lang=${lang()}`);
  if (g.status >= 500) throw new Error("server");
  if (g.status === 200 && same((await g.json()).actions, M.actions)) return true;
  M.held = true;
  M.replaces = M.sid;  // sent again, the marker's frame replaces the other writer's (kept)
  M.sid = null;
  M.error = t("moved", { n: M.queue.length });
  save();
  return false;
}
function resend() {
  M.held = false;
  M.error = "";
  save();
  render();
  sync();
}

function highBreaks() {
  // after a scoring stroke the striker stays at the table: to_play made the break
  const high = [...(M.highBefore || [0, 0])];
  for (const r of M.rulings) if (r.break > high[r.to_play]) high[r.to_play] = r.break;
  return high;
}

let publishing = Promise.resolve();
function publish() {
  // one board update at a time, each with the state as it is when sent: never out of order
  publishing = publishing.then(sendBoard);
}

async function sendBoard() {
  // the table's board for the spectators' page (/board); best effort
  if (!M || !M.table) return;
  const s = state();
  const r = last();
  const board = {
    discipline: fx().names[lang()] || M.header.discipline, players: [sideName(0), sideName(1)],
    score: s.score, frames: framesWith(r), break: s.break, high: M.high, to_play: s.to_play,
    frame_over: !!(r && r.frame_over), winner: r ? r.winner : null,
    format: `${M.format.kind === "best" ? "best of" : "race to"} ${M.format.n}`,
    calls: r ? r.announce.slice(0, 12) : [],
  };
  try {
    await fetch(`/api/boards/${encodeURIComponent(M.table)}`, {
      method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(board),
    });
  } catch { /* the next sync publishes again */ }
}

function setNet(on) {
  const n = $("net");
  n.dataset.state = on ? "online" : "offline";
  n.textContent = on ? (M.queue.length ? t("queued", { n: M.queue.length }) : t("online"))
    : t("offline", { n: M.queue.length });
}
window.addEventListener("online", () => sync());

function submit(action) {
  M.queue.push(action);  // stored first, then sent
  save();
  visit = blankVisit();
  render();
  sync();
}

async function undo() {
  if (M.queue.length) M.queue.pop();
  else if (M.actions.length) {
    M.actions.pop(); M.rulings.pop();
    if (M.sid) M.replaces = M.sid;  // the new session replaces this one: one frame counted
    M.sid = null;
  }
  if (!M.queue.length) M.held = false;
  M.error = "";
  save();
  visit = blankVisit();
  render();
  sync();
}

// ------------------------------------------------------------------ building a visit

function state() {
  const r = last();
  if (r) return r.state;
  const d = fx();
  const start = M.header.start;
  return { balls: d.balls.map((b) => b.name).filter((b) => !d.cue_balls.includes(b)),
           to_play: 0, score: start ? start.score : [0, 0], break: 0, options: [] };
}
function toPlay() { return state().to_play; }
function cueBall() {
  const d = fx();
  return d.cue_balls.length > 1 ? d.cue_balls[toPlay()] : d.cue_balls[0];
}
function objectsOnTable() {
  const d = fx();
  return state().balls.filter((b) => !d.cue_balls.includes(b));
}
function groups() {
  // what the marker can tap: snooker reds as one button, the rest one button each
  const d = fx();
  const on = objectsOnTable();
  if (d.balls.filter((b) => b.name.startsWith("red")).length > 1) {  // reds are alike
    const reds = on.filter((b) => b.startsWith("red")).length;
    const out = reds ? [{ name: "red", count: reds }] : [];
    return out.concat(COLOURS.filter((c) => on.includes(c)).map((c) => ({ name: c })));
  }
  if (d.cue_balls.length > 1) {  // the opponent's cue ball is an object ball
    return d.cue_balls.filter((b) => b !== cueBall() && on.concat(state().balls).includes(b))
      .concat(on.includes("red") ? ["red"] : []).map((name) => ({ name }));
  }
  return on.map((name) => ({ name }));
}

function flagsFor() {
  const d = fx();
  const s = state();
  const inHand = !!(last() ? last().in_hand : true);
  const out = [];
  const flags = d.marker.flags;  // what the referee takes from a marker (no positions)
  if (flags.includes("clear_path")) out.push("miss", "clear_path", "full_ball");
  if (d.marker.rest.includes("snookered")) out.push("snookered");
  if (inHand && flags.includes("misplaced") &&
      (d.family === "snooker" || s.in_hand === "kitchen" || !last())) out.push("misplaced");
  if (inHand && flags.includes("not_played_out")) out.push("not_played_out");
  if (flags.includes("baulk_crossed")) out.push("baulk_crossed");
  if (d.push_out && s.push_out) out.push("push_out");
  return out;
}

// What the marker knows goes in as such: the first ball hit, the balls potted, and the
// referee's own eye (judgement, rest facts) for what needs geometry. No event is invented:
// the rails after contact are judgement.railed, SNK-3.9 is judgement.fell (docs:
// positions-free.md).
function buildShot() {
  const d = fx();
  const cue = cueBall();
  const shot = { player: toPlay(), events: [] };
  const ev = shot.events;
  if (visit.first) ev.push({ t: 0, hit: [cue, visit.first] });
  let tick = 1.0;
  const called = d.called_shots && visit.call && visit.call !== "safety" ? visit.call : null;
  for (const b of visit.potted) {
    // POOL-1.6: the called ball's pocket is a fact the marker saw; no other pocket is asked
    const pocket = b === called ? (visit.wentIn || visit.callPocket) : UNKNOWN;
    ev.push({ t: tick, pot: b, pocket });
    tick += 0.1;
  }
  const ruling = last();
  if (d.nominates) {
    const onColour = ruling && ruling.ball_on && ruling.ball_on[0] === "any-colour";
    const free = ruling && ruling.free_ball;
    const target = visit.first || visit.potted.find((b) => b !== cue) || null;
    if (target && target !== "red" && (onColour || free)) shot.nominate = target;
  }
  if (d.called_shots) {
    if (visit.call === "safety") shot.call = "safety";
    else if (called) shot.call = { ball: called, pocket: visit.callPocket };
  } else if (visit.safety) {
    shot.safety = true;  // the intent: a fact for stats, no rule reads it
  }
  const j = {};
  for (const f of ["miss", "clear_path", "full_ball", "misplaced", "not_played_out", "baulk_crossed"]) {
    if (visit.flags[f]) j[f] = true;
  }
  if (visit.foul === "touched") j.touched = [cue];
  else if (visit.foul) j[visit.foul] = true;
  const flags = d.marker.flags;
  if (flags.includes("railed") && visit.first) j.railed = { cue: visit.cueRail, objects: visit.rails };
  // SNK-3.9: the balls the marker saw fall by themselves (none, usually)
  if (flags.includes("fell")) j.fell = visit.fell.filter((b) => visit.potted.includes(b));
  if (Object.keys(j).length) shot.judgement = j;
  const rest = {};
  if (visit.flags.snookered) rest.snookered = true;
  if (showSpots().length && visit.spots.length) rest.occupied = [...visit.spots];
  const behind = [];
  if (rerackFacts()) {
    if (visit.interferes.length) rest.interferes = [...visit.interferes];
    behind.push(...visit.behind);
  }
  // POOL-1.5: every object ball at rest behind the head string, the cue ball in hand
  if (kitchenFacts() && visit.allBehind) behind.push(...ballsAtRest());
  if (behind.length) rest.behind_head_string = [...new Set(behind)];
  // SNK-3.8, POOL-6.7: the balls touching the cue ball at rest
  const touching = touchingChoices().filter((b) => visit.touching.includes(b));
  if (touching.length) rest.touching = { [cue]: touching.map(restName) };
  // SNK-3.10(b)(ii): the balls that snooker the next player after a free ball
  const by = snookeredByChoices().filter((b) => visit.snookeredBy.includes(b));
  if (by.length) rest.snookered_by = by;
  if (Object.keys(rest).length) shot.rest = rest;
  if (visit.flags.push_out) shot.push_out = true;
  return { shot };
}

function spotNames() {
  const d = fx();
  if (d.family === "snooker") return SNOOKER_SPOTS;
  return rerackFacts() ? ["foot-spot", "head-spot"] : ["foot-spot"];
}
function showSpots() {
  // SNK-3.7, POOL-1.4, P141-4.8(3): which spots are taken matters only when a ball may be
  // spotted: a colour (not a red, in snooker) potted, or a 14.1 re-rack
  const d = fx();
  if (!d.marker.rest.includes("occupied")) return [];
  const reds = d.balls.filter((b) => b.name.startsWith("red")).length > 1;
  const spotted = visit.potted.filter((b) => b !== cueBall() && !(reds && b === "red"));
  return spotted.length || rerackFacts() ? spotNames() : [];
}
function rerackFacts() {
  // P141-4.8: the 14th ball of the rack goes down: what is in the way of the rack
  // (the game whose referee takes rest.interferes: 14.1)
  if (!fx().marker.rest.includes("interferes") || !visit.potted.some((b) => b !== "cue")) return null;
  const left = objectsOnTable().filter((b) => !visit.potted.includes(b));
  if (left.length > 1) return null;
  return { fifteenth: left[0] || null, cue: !visit.potted.includes("cue") };
}
function ballsAtRest() {
  // the object balls left on the table by this visit (reds as "red" in snooker)
  const left = [];
  for (const g of groups()) {
    if (fx().cue_balls.includes(g.name)) continue;
    const n = visit.potted.filter((x) => x === g.name).length;
    if (n < (g.count || 1)) left.push(g.name);
  }
  return left;
}
function restName(b) {
  // a red at rest: the reds are alike, and a generic red potted is the highest-numbered
  // one (positions-free.md), so the lowest-numbered red is still on the table
  if (b !== "red") return b;
  const reds = state().balls.filter((x) => /^red\d+$/.test(x));
  reds.sort((x, y) => Number(x.slice(3)) - Number(y.slice(3)));
  return reds[0] || b;
}
function touchingChoices() {
  return fx().marker.rest.includes("touching") && !visit.potted.includes(cueBall()) ? ballsAtRest() : [];
}
function snookeredByChoices() {
  // only after a free ball is taken (SNK-3.10(b)(ii)): the colours at rest
  const r = last();
  if (!fx().marker.rest.includes("snookered_by") || !(r && r.free_ball)) return [];
  return ballsAtRest().filter((b) => b !== "red");
}
function kitchenFacts() {
  // POOL-1.5: the cue ball goes in hand (a scratch): are all object balls behind the head
  // string? Asked where the referee takes rest.behind_head_string and the cue ball is potted
  return fx().marker.rest.includes("behind_head_string") && visit.potted.includes(cueBall())
    && ballsAtRest().length > 0;
}
function toggle(list, x) {
  const i = list.indexOf(x);
  if (i >= 0) list.splice(i, 1); else list.push(x);
}

// ------------------------------------------------------------------ rendering

function button(label, cls, on, sel = false) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls + (sel ? " sel" : "");
  b.textContent = label;
  b.addEventListener("click", on);
  return b;
}
function ballButton(g, list) {
  const fam = fx().family === "snooker" ? `b-${g.name}` : "b-pool";
  const sel = list === "first" ? visit.first === g.name
    : visit.potted.filter((x) => x === g.name).length;
  // snooker balls by value (brown, blue and black share an initial), pool by number
  const label = fx().family === "snooker"
    ? (fx().cue_balls.length === 1 ? VALUE[g.name] : null) || g.name[0].toUpperCase()
    : g.name === "cue" ? "Cue" : g.name;
  const b = button(label, `ball ${fam}`, () => tap(g, list), !!sel);
  b.dataset.ball = g.name;
  b.title = g.name;
  if (list === "potted" && sel > 1) {
    const n = document.createElement("span");
    n.className = "n";
    n.textContent = String(sel);
    b.append(n);
  }
  return b;
}
function tap(g, list) {
  if (list === "first") visit.first = visit.first === g.name ? null : g.name;
  else {
    const n = visit.potted.filter((x) => x === g.name).length;
    const max = g.count || 1;
    if (n < max) visit.potted.push(g.name);
    else visit.potted = visit.potted.filter((x) => x !== g.name);
  }
  render();
}

function render() {
  document.documentElement.lang = lang();
  $("lang").textContent = lang() === "en" ? "RU" : "EN";
  for (const el of document.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t);
  if (!M) { $("setup").hidden = false; $("score").hidden = true; return; }
  $("setup").hidden = true;
  $("score").hidden = false;
  setNet($("net").dataset.state !== "offline");
  const d = fx();
  const s = state();
  const r = last();
  for (const p of [0, 1]) {
    const side = $(`side${p}`);
    side.classList.toggle("up", s.to_play === p && !(r && r.frame_over));
    side.querySelector(".who").textContent = sideName(p);
    const atTable = s.to_play === p && !(r && r.frame_over) ? memberName(p, r) : "";
    side.querySelector(".member").textContent = atTable ? t("at-table", { m: atTable }) : "";
    side.querySelector(".pts").textContent = String(s.score[p]);
    side.querySelector(".frames").textContent = `${t("frames")}: ${framesWith(r)[p]}`;
  }
  $("brk").textContent = `${t("break")}: ${s.break}`;
  $("on").textContent = r && r.ball_on ? `${t("on")}: ${r.ball_on.map(ballName).join(", ")}` : "";
  const target = M.header.rules.target;
  $("rem").textContent = r && r.points_remaining !== undefined ? `${t("remaining")}: ${r.points_remaining}`
    : target ? `${t("target")}: ${target}` : "";
  $("fouls").textContent = r && r.fouls_in_a_row ? `${t("fouls")}: ${r.fouls_in_a_row.join(" – ")}` : "";
  const warned = r && (r.warning === true || (Array.isArray(r.warning) && r.warning.length));
  $("warn").textContent = warned ? (r.warning === true ? t("warning") : r.warning.join(", ")) : "";
  $("calls").textContent = r ? r.announce.join(" · ") : "";
  $("error").textContent = M.error || "";
  $("resend").hidden = !M.held;
  const dec = $("decisions");
  dec.replaceChildren();
  const options = r && !M.queue.length ? r.options : [];
  for (const o of options) {
    if (o === "spot-ball") continue;  // POOL-1.5: asked below, with the ball to spot
    dec.append(button(t(o), "big", () => submit({ decision: { player: s.to_play, choice: o } })));
  }
  // POOL-1.5: without positions the marker names the ball nearest the head string
  const spotOffer = options.includes("spot-ball") ? (s.spot || []) : [];
  $("spot-box").hidden = !spotOffer.length;
  $("spot-balls").replaceChildren(...spotOffer.map((b) => {
    const el = button(b, "ball b-pool", () => submit({ decision: { player: s.to_play, choice: "spot-ball", ball: b } }));
    el.dataset.ball = b;
    return el;
  }));
  const over = !!(r && r.frame_over);
  $("visit").hidden = over;
  $("over").hidden = !over;
  if (over) {
    const w = r.winner === null ? "" : sideName(r.winner);
    $("over-text").textContent = matchWinner() !== null ? t("match", { p: sideName(matchWinner()) })
      : t("won", { p: w });
    $("next-frame").hidden = matchWinner() !== null;
    $("over").append($("undo"));
  } else {
    $("visit").querySelector(".actions").prepend($("undo"));
  }
  const first = $("first");
  first.replaceChildren(button(t("nothing"), "ball b-none", () => { visit.first = null; render(); }, visit.first === null));
  const potted = $("potted");
  potted.replaceChildren();
  for (const g of groups()) { first.append(ballButton(g, "first")); potted.append(ballButton(g, "potted")); }
  potted.append(ballButton({ name: cueBall() }, "potted"));
  $("rails-box").hidden = !d.marker.flags.includes("railed");
  const rails = $("rails");
  rails.replaceChildren();
  for (const n of [0, 1, 2, 3, 4]) rails.append(button(String(n), "", () => { visit.rails = n; render(); }, visit.rails === n));
  $("cue-rail").classList.toggle("sel", visit.cueRail);
  renderCall(d);
  const fellable = d.marker.flags.includes("fell")
    ? [...new Set(visit.potted.filter((b) => b !== cueBall()))] : [];
  $("fell-box").hidden = !fellable.length;
  $("fell").replaceChildren(...fellable.map((b) => {
    const el = button(ballName(b), "", () => { toggle(visit.fell, b); render(); }, visit.fell.includes(b));
    el.dataset.ball = b;
    return el;
  }));
  const spots = showSpots();
  $("spots-box").hidden = !spots.length;
  $("spots").replaceChildren(...spots.map((sp) => {
    const b = button(t(sp), "", () => { toggle(visit.spots, sp); render(); }, visit.spots.includes(sp));
    b.dataset.spot = sp;
    return b;
  }));
  const rr = rerackFacts();
  $("rerack-box").hidden = !rr;
  const inWay = [];
  if (rr && rr.fifteenth) inWay.push(rr.fifteenth);
  if (rr && rr.cue) inWay.push("cue");
  const factButton = (ball, list) => {
    const b = button(ball === "cue" ? t("cue") : ball, "", () => { toggle(list, ball); render(); },
      list.includes(ball));
    b.dataset.ball = ball;
    return b;
  };
  $("rerack").replaceChildren(...inWay.map((b) => factButton(b, visit.interferes)));
  $("behind").replaceChildren(...(rr && rr.fifteenth ? [factButton(rr.fifteenth, visit.behind)] : []));
  $("behind").previousElementSibling.hidden = !(rr && rr.fifteenth);
  $("kitchen-box").hidden = !kitchenFacts();
  $("all-behind").classList.toggle("sel", visit.allBehind);
  const restButtons = (id, choices, list) => {
    $(`${id}-box`).hidden = !choices.length;
    $(id).replaceChildren(...choices.map((b) => {
      const el = button(ballName(b), "", () => { toggle(list, b); render(); }, list.includes(b));
      el.dataset.ball = b;
      return el;
    }));
  };
  restButtons("touching", touchingChoices(), visit.touching);
  restButtons("snookered-by", snookeredByChoices(), visit.snookeredBy);
  const kinds = $("foul-kinds");
  kinds.replaceChildren();
  for (const k of FOUL_KINDS[d.family]) {
    kinds.append(button(t(k), "", () => { visit.foul = visit.foul === k ? null : k; render(); }, visit.foul === k));
  }
  const flags = $("flags");
  flags.replaceChildren();
  flags.previousElementSibling.hidden = !flagsFor().length;
  for (const f of flagsFor()) {
    const b = button(t(f), "", () => { visit.flags[f] = !visit.flags[f]; render(); }, !!visit.flags[f]);
    b.dataset.flag = f;
    flags.append(b);
  }
  // a called ball needs its called pocket before the visit goes in
  const unfinished = d.called_shots && visit.call && visit.call !== "safety" && !visit.callPocket;
  $("enter").disabled = (options.length > 0 && !options.includes("play")) || !!unfinished;
  $("undo").disabled = !M.actions.length && !M.queue.length;
}

function pocketPad(id, chosen, on, marked = null) {
  // six pockets as they lie on the table; "marked" is the called pocket
  const pad = $(id);
  pad.replaceChildren(...POCKETS.map((row) => {
    const r = document.createElement("div");
    r.className = "pocket-row";
    r.append(...row.map((pk) => {
      const label = pk === marked ? `${t(pk)} (${t("called")})` : t(pk);
      const el = button(label, "pocket" + (pk === marked ? " called" : ""), () => on(pk), chosen === pk);
      el.dataset.pocket = pk;
      return el;
    }));
    return r;
  }));
}

function renderCall(d) {
  // a called-shot game: the call as the player makes it at the table (ball and pocket, or
  // a safety), then, if the called ball went down, the pocket it went into (default: the
  // called one); a game without calls (snooker, nine-ball) only notes a safety (intent)
  $("call-box").hidden = !d.called_shots;
  $("intent-box").hidden = d.called_shots;
  $("played-safe").classList.toggle("sel", visit.safety);
  const box = $("calls-choice");
  box.replaceChildren();
  if (!d.called_shots) return;
  for (const b of objectsOnTable()) {
    const el = button(b, "ball b-pool", () => {
      visit.call = visit.call === b ? null : b;
      visit.callPocket = null; visit.wentIn = null;
      render();
    }, visit.call === b);
    el.dataset.call = b;
    box.append(el);
  }
  const safe = button(t("safety"), "", () => {
    visit.call = visit.call === "safety" ? null : "safety"; render();
  }, visit.call === "safety");
  safe.dataset.call = "safety";
  box.append(safe);
  const ball = visit.call && visit.call !== "safety" ? visit.call : null;
  $("call-pocket-box").hidden = !ball;
  if (ball) pocketPad("call-pocket", visit.callPocket, (pk) => { visit.callPocket = pk; visit.wentIn = null; render(); });
  const down = ball && visit.callPocket && visit.potted.includes(ball);
  $("went-in-box").hidden = !down;
  if (down) {
    $("went-in-title").textContent = t("went-in", { b: ball });
    pocketPad("went-in", visit.wentIn || visit.callPocket,
      (pk) => { visit.wentIn = pk === visit.callPocket ? null : pk; render(); }, visit.callPocket);
  }
  // the hint after the break only: the break shot is not called in eight- and ten-ball
  const potted = visit.potted.filter((b) => b !== cueBall());
  $("no-call").hidden = !(potted.length && !visit.call && !breaking());
}
function breaking() {
  const r = last();
  if (r) return !!r.state.breaking;
  const start = M.header.start;
  return !start || !!start.breaking;
}

function sideName(p) {
  const side = M.header.players[p];
  return typeof side === "string" ? side : side.name;
}
function memberName(p, r) {
  // four-handed and doubles (protocol 1.1 sides): the member at the table
  const side = M.header.players[p];
  if (typeof side === "string") return "";
  const m = r ? r.state.member : 0;
  return side.members[m ?? 0] || "";
}

function matchWinner() {
  const need = M.format.kind === "best" ? Math.floor(M.format.n / 2) + 1 : M.format.n;
  const tally = framesWith(last());
  for (const p of [0, 1]) if (tally[p] >= need) return p;
  return null;
}
function framesWith(r) {
  const f = [...M.frames];
  if (r && r.frame_over && r.winner !== null) f[r.winner] += 1;
  return f;
}

// ------------------------------------------------------------------ set-up

function pointsGame(d) { return d.break_unit === "points" || d.target; }
function num(id, lo, hi) { return Math.min(hi, Math.max(lo, Math.floor(Number($(id).value) || 0))); }
function side(p) {
  // a partner makes a side of two (protocol 1.1 sides: doubles, four-handed snooker)
  const name = $(`p${p}`).value.trim() || `Player ${p + 1}`;
  const partner = $(`p${p}b`).value.trim();
  return partner ? { name: `${name} & ${partner}`, members: [name, partner] } : name;
}
function handicapStart(d, h) {
  // the handicap as the frame's start: every ball on the table, the scores given
  if (!pointsGame(d) || (!h[0] && !h[1])) return null;
  const balls = d.balls.map((b) => b.name).filter((b) => !d.cue_balls.includes(b));
  const start = { balls, score: h, in_hand: d.family === "snooker" ? "D" : "kitchen" };
  if (d.family !== "snooker") start.breaking = true;
  return start;
}
function setupChanged() {
  const d = facts.find((x) => x.id === $("discipline").value);
  if (!d) return;
  $("target-box").hidden = !d.marker.options.includes("target");
  $("h-label").dataset.t = pointsGame(d) ? "handicap" : "handicap-frames";
  $("h-label").textContent = t($("h-label").dataset.t);
}
function newMatch() {
  const discipline = $("discipline").value;
  const d = facts.find((x) => x.id === discipline);
  const h = [num("h0", 0, 999), num("h1", 0, 999)];
  const rules = { positions: false };
  if (d.marker.options.includes("target")) rules.target = num("target", 1, 999);
  M = {
    header: { protocol: "1.1", discipline, players: [side(0), side(1)],
              rules, start: handicapStart(d, h), actions: [] },
    format: { kind: $("format").value, n: Math.max(1, Number($("n").value) || 1) },
    frames: pointsGame(d) ? [0, 0] : h, frame: 1, actions: [], rulings: [], queue: [], sid: null,
    lang: lang(), error: "",
    high: [0, 0], table: ($("table").value || "").replace(/[^\w .-]/g, "").slice(0, 40),
  };
  save();
  visit = blankVisit();
  render();
  sync();
}
function nextFrame() {
  M.frames = framesWith(last());
  M.highBefore = highBreaks();
  M.frame += 1;
  M.header = { ...M.header, rules: { ...M.header.rules } };
  if (fx().marker.options.includes("frame")) M.header.rules.frame = M.frame;  // SNK-3.3(b)
  M.actions = []; M.rulings = []; M.queue = []; M.sid = null;
  save();
  render();
  sync();
}

async function main() {
  facts = await (await fetch("/api/disciplines")).json();
  const sel = $("discipline");
  for (const d of facts) {
    const o = document.createElement("option");
    o.value = d.id;
    o.textContent = d.names[lang()] || d.names.en;
    sel.append(o);
  }
  $("begin").addEventListener("click", newMatch);
  sel.addEventListener("change", setupChanged);
  setupChanged();
  $("enter").addEventListener("click", () => submit(buildShot()));
  $("undo").addEventListener("click", undo);
  $("resend").addEventListener("click", resend);
  $("cue-rail").addEventListener("click", () => { visit.cueRail = !visit.cueRail; render(); });
  $("all-behind").addEventListener("click", () => { visit.allBehind = !visit.allBehind; render(); });
  $("played-safe").addEventListener("click", () => { visit.safety = !visit.safety; render(); });
  $("next-frame").addEventListener("click", nextFrame);
  $("new-match").addEventListener("click", () => { localStorage.removeItem(KEY); M = null; render(); });
  $("lang").addEventListener("click", () => {
    const next = lang() === "en" ? "ru" : "en";
    localStorage.setItem(KEY + ".lang", next);
    if (M) {  // calls in the new language, from a session that replaces this one
      M.lang = next;
      if (M.sid) M.replaces = M.sid;
      M.sid = null; save(); sync();
    }
    render();
  });
  render();
  if (M) sync();
  window.cuesportScore = { get match() { return M; }, get syncing() { return syncing; } };
}
main();
