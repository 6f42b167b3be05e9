// The stroke controls that the match page (app.js) and the practice page (practice.js) share:
// the tip pad and the keys on the table. Each page passes in what differs: its state, when
// the controls are blocked and what follows a change.

const TIP_REACH = 0.75;  // the tip stays within 0.75 R of the cue ball's centre

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
