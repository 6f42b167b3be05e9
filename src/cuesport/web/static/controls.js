// What the match page (app.js) and the practice page (practice.js) share: the end of the
// header (the language menu), the message line, the stroke controls, the tip pad and the keys
// on the table. Each page passes in what differs: its state, when the controls are blocked
// and what follows a change.

const TIP_REACH = 0.75;

// The stroke controls both pages show first in their #controls card (the i18n keys are
// filled in by each page's setLang).
const STROKE_CONTROLS = `
<div class="stroke-row">
  <label class="power"><span><span data-i18n="power">Power</span> <output id="power-value">35%</output></span>
    <input id="power" type="range" min="1" max="100" value="35"></label>
  <button id="strike" class="primary" type="button" data-i18n="strike">Strike</button>
</div>
<div class="spin-row">
  <canvas id="tip" width="84" height="84" tabindex="0" role="slider" data-i18n-label="tipPad" aria-label="tip position"></canvas>
  <div class="spin-text"><span data-i18n="tip">Tip</span><br><small id="tip-value"></small></div>
  <button id="aim-left" type="button" class="nudge" data-i18n-label="aimCcw" aria-label="aim anticlockwise">↺</button>
  <button id="aim-right" type="button" class="nudge" data-i18n-label="aimCw" aria-label="aim clockwise">↻</button>
  <label class="elevation"><span><span data-i18n="elevation">Elevation</span> <output id="elevation-value">0°</output></span>
    <input id="elevation" type="range" min="0" max="60" value="0"></label>
</div>`;

// The header's end on both pages (each page puts its own title and "New match" first) and the
// message line below it.
const LANGUAGE_MENU = `
<select id="lang" aria-label="Language">
  <option value="en">English</option>
  <option value="ru">Русский</option>
</select>`;
const MESSAGE_LINE = '<p id="message" class="message" hidden role="alert"></p>';

export function mountShared(header, card) {
  // Once, first thing, before the page reads #lang, calls flash() or binds the controls.
  if (!header.querySelector("#lang")) header.insertAdjacentHTML("beforeend", LANGUAGE_MENU);
  if (!document.querySelector("#message")) header.insertAdjacentHTML("afterend", MESSAGE_LINE);
  mountStrokeControls(card);
}

export function flash(msg, bad = true) {
  // A message over the page for 5 s (bad: on red); an empty one hides it now.
  const el = document.querySelector("#message");
  el.textContent = msg;
  el.className = bad ? "message bad" : "message";
  el.hidden = !msg;
  clearTimeout(flash.timer);
  if (msg) flash.timer = setTimeout(() => { el.hidden = true; }, 5000);
}

function mountStrokeControls(card) {
  // Put the shared controls at the top of the card, once, before the page binds them.
  if (!card.querySelector("#power")) card.insertAdjacentHTML("afterbegin", STROKE_CONTROLS);
}

function cssNumber(name, fallback) {
  const v = parseFloat(getComputedStyle(document.documentElement).getPropertyValue(name));
  return Number.isFinite(v) ? v : fallback;
}

export function fitTable(table, { above, bar = () => 0 }) {
  // The table as large as the screen allows. On a phone held upright the elements `above`
  // (selectors) share the screen's height with it, so that the Strike button and the whole
  // stroke are in view together; lying down, the table takes the height (less the `bar`
  // above it) and the controls sit beside it. The stylesheet names the layout.
  const mode = getComputedStyle(document.documentElement).getPropertyValue("--layout").trim();
  const pad = cssNumber("--pad", 12), gap = cssNumber("--gap", 14);
  const width = document.documentElement.clientWidth;
  let w, h;
  if (mode === "portrait") {
    const used = above.map((sel) => document.querySelector(sel))
      .filter((el) => el && el.offsetHeight > 0).reduce((sum, el) => sum + el.offsetHeight + gap, 0);
    w = width - 2 * pad;
    h = window.innerHeight - 2 * pad - used;
  } else if (mode === "landscape") {
    w = width - 2 * pad - gap - 176;  // the controls' column keeps 176 px
    const b = bar();
    h = window.innerHeight - 2 * pad - (b ? b + 6 : 0);
  } else {
    const box = document.querySelector("#board").getBoundingClientRect();
    w = box.width;
    h = window.innerHeight - (box.top + window.scrollY) - pad;
  }
  const [fw, fh] = table.fit || [];
  if (!(Math.abs(fw - w) <= 0.5 && Math.abs(fh - h) <= 0.5)) table.resize(w, h);
}  // the tip stays within 0.75 R of the cue ball's centre

function tipAt(sx, sy) {
  // The point pulled back within reach, in hundredths of the radius.
  const n = Math.hypot(sx, sy);
  if (n > TIP_REACH) { sx *= TIP_REACH / n; sy *= TIP_REACH / n; }
  return { side: Math.round(sx * 100) / 100, height: Math.round(sy * 100) / 100 };
}

export function bindTipPad(pad, readout, state, { changed, blocked = () => false }) {
  // The tip pad: `state.tip` is {side, height} in cue-ball radii; `changed` runs after each move.
  const c = pad.getContext("2d");
  const draw = () => {
    const w = pad.width, r = w / 2 - 4;
    c.clearRect(0, 0, w, w);
    c.beginPath();
    c.arc(w / 2, w / 2, r, 0, 2 * Math.PI);
    c.fillStyle = "#f8f6ee";
    c.fill();
    c.strokeStyle = "#999";
    c.stroke();
    c.beginPath();
    c.arc(w / 2 + state.tip.side * r, w / 2 - state.tip.height * r, 6, 0, 2 * Math.PI);
    c.fillStyle = "#1a6fd8";
    c.fill();
    readout.textContent = `${state.tip.side.toFixed(2)}, ${state.tip.height.toFixed(2)}`;
    pad.setAttribute("aria-valuetext", readout.textContent);
  };
  const set = (sx, sy) => {
    state.tip = tipAt(sx, sy);
    draw();
    changed();
  };
  const fromPointer = (ev) => {
    if (blocked()) return;
    const rect = pad.getBoundingClientRect();
    const r = rect.width / 2 - 4;
    set((ev.clientX - rect.left - rect.width / 2) / r, -(ev.clientY - rect.top - rect.height / 2) / r);
  };
  pad.addEventListener("pointerdown", (ev) => { fromPointer(ev); pad.setPointerCapture(ev.pointerId); });
  pad.addEventListener("pointermove", (ev) => { if (ev.buttons) fromPointer(ev); });
  pad.addEventListener("dblclick", () => set(0, 0));
  pad.addEventListener("keydown", (ev) => {
    // Arrows move the tip by 0.05 of the radius (Shift: 0.2), 0 or Home centres it.
    const d = ev.shiftKey ? 0.2 : 0.05;
    const moves = { ArrowLeft: [-d, 0], ArrowRight: [d, 0], ArrowUp: [0, d], ArrowDown: [0, -d],
      Home: null, 0: null };
    if (!(ev.key in moves) || blocked()) return;
    ev.preventDefault();
    const m = moves[ev.key];
    set(m ? state.tip.side + m[0] : 0, m ? state.tip.height + m[1] : 0);
  });
  draw();
}

export function bindTableKeys(canvas, power, { blocked, nudge, strike, more = {} }) {
  // Keys act on the table only when it has the focus: Space elsewhere (on "Concede frame",
  // say) does what that control does, never a stroke. ← → aim (Shift: coarse), ↑ ↓ power
  // (Shift: by 10), Space or Enter strikes; `more` maps a page's own keys to their actions.
  const keys = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", " ", "Enter", ...Object.keys(more)];
  canvas.addEventListener("keyup", (ev) => { if (ev.key === "Tab") canvas.classList.add("keyed"); });
  canvas.addEventListener("blur", () => canvas.classList.remove("keyed"));
  canvas.addEventListener("keydown", (ev) => {
    canvas.classList.add("keyed");
    if (!keys.includes(ev.key)) return;
    ev.preventDefault();  // no page scrolling while the table has the focus
    if (blocked()) return;
    const step = ev.shiftKey ? 1 : 0.1;
    if (ev.key === "ArrowLeft") nudge(step);
    else if (ev.key === "ArrowRight") nudge(-step);
    else if (ev.key === "ArrowUp" || ev.key === "ArrowDown") {
      const d = (ev.key === "ArrowUp" ? 1 : -1) * (ev.shiftKey ? 10 : 1);
      power.value = String(Math.min(100, Math.max(1, Number(power.value) + d)));
      power.dispatchEvent(new Event("input"));
    } else if (ev.key in more) more[ev.key]();
    else strike();
  });
}
