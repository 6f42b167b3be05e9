// The table on a canvas, to scale from /api/tables/{discipline}: rails, cushions, pocket
// openings (points, knuckles, facings), holes, markings, balls, the aim guide, and the
// animation of a shot from the physics' trajectory segments (p = p0 + v0 dt + a dt^2 / 2).

export class TableView {
  constructor(canvas, geo) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d");
    this.geo = geo;
    this.balls = {};          // name -> [x, y] mm
    this.ballInfo = Object.fromEntries(geo.balls.map((b) => [b.name, b]));
    this.guide = null;        // {from, angle} or null
    this.placing = null;      // {at, ok} while the cue ball is in hand
    this.fit = null;          // [maxW, maxH] CSS px last asked for
    this.marks = null;        // {call, nominate, candidates, chosen}: the declarations shown
    this.heights = {};        // name -> mm above the cloth, for the balls in flight
    this.offMarks = [];       // [{name, at}]: where balls left the table in the last stroke
    this.words = { off: "off the table" };  // the page's language
    this.flight = { frames: 0, maxHeight: 0, maxLift: 1 };  // balls drawn in the air (tests)
    this.resize();
  }

  // ---------------------------------------------------------------- transform

  resize(maxW, maxH) {
    // Fit the table in maxW x maxH CSS px, lying whichever way gives the larger scale
    // (along x, baulk/head end at the left, when lying down).
    const box = this.canvas.parentElement.getBoundingClientRect();
    if (maxW === undefined) [maxW, maxH] = this.fit || [box.width, window.innerHeight * 0.75];
    this.fit = [maxW, maxH];
    const g = this.geo;
    const margin = g.cushion_width + g.rail_width;
    const longSide = g.length + 2 * margin;
    const shortSide = g.width + 2 * margin;
    const availW = Math.max(160, maxW), availH = Math.max(160, maxH);
    const across = Math.min(availW / longSide, availH / shortSide);
    const upright = Math.min(availW / shortSide, availH / longSide);
    this.landscape = across > upright;
    const [tw, th] = this.landscape ? [longSide, shortSide] : [shortSide, longSide];
    const scale = Math.max(across, upright);
    const dpr = window.devicePixelRatio || 1;
    this.cssW = Math.floor(tw * scale);
    this.cssH = Math.floor(th * scale);
    this.canvas.style.width = `${this.cssW}px`;
    this.canvas.style.height = `${this.cssH}px`;
    this.canvas.width = Math.round(this.cssW * dpr);
    this.canvas.height = Math.round(this.cssH * dpr);
    this.scale = scale;
    this.dpr = dpr;
    this.margin = margin;
    this.draw();
  }

  // table mm -> CSS px inside the canvas
  toScreen(x, y) {
    const m = this.margin, s = this.scale;
    if (this.landscape) return [(y + m) * s, (x + m) * s];
    return [(x + m) * s, (this.geo.length - y + m) * s];
  }

  toTable(px, py) {
    const m = this.margin, s = this.scale;
    if (this.landscape) return [py / s - m, px / s - m];
    return [px / s - m, this.geo.length + m - py / s];
  }

  // ---------------------------------------------------------------- drawing

  path(points) {
    const c = this.ctx;
    c.beginPath();
    points.forEach(([x, y], i) => {
      const [sx, sy] = this.toScreen(x, y);
      if (i) c.lineTo(sx, sy); else c.moveTo(sx, sy);
    });
  }

  circle(x, y, r) {
    const [sx, sy] = this.toScreen(x, y);
    this.ctx.beginPath();
    this.ctx.arc(sx, sy, r * this.scale, 0, 2 * Math.PI);
  }

  arcPoints(k, from) {
    // The knuckle arc as points, starting at the end nearer `from`.
    const pts = [];
    for (let i = 0; i <= 10; i++) {
      const a = k.start + (k.end - k.start) * i / 10;
      pts.push([k.centre[0] + k.radius * Math.cos(a), k.centre[1] + k.radius * Math.sin(a)]);
    }
    const d = (p) => Math.hypot(p[0] - from[0], p[1] - from[1]);
    return d(pts[0]) <= d(pts[pts.length - 1]) ? pts : pts.reverse();
  }

  drawTable() {
    const c = this.ctx, g = this.geo, W = g.width, L = g.length;
    const cw = g.cushion_width, rw = g.rail_width;
    c.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    c.clearRect(0, 0, this.cssW, this.cssH);
    // rail (wood)
    const o = cw + rw;
    this.path([[-o, -o], [W + o, -o], [W + o, L + o], [-o, L + o]]);
    const [ax, ay] = this.toScreen(-o, -o), [bx, by] = this.toScreen(W + o, L + o);
    const grad = c.createLinearGradient(ax, ay, bx, by);
    grad.addColorStop(0, g.colours.wood[0]);
    grad.addColorStop(1, g.colours.wood[1]);
    c.fillStyle = grad;
    c.fill();
    // cushion rubber band, then the cloth
    this.path([[-cw, -cw], [W + cw, -cw], [W + cw, L + cw], [-cw, L + cw]]);
    c.fillStyle = g.colours.cushion;
    c.fill();
    this.path([[0, 0], [W, 0], [W, L], [0, L]]);
    c.fillStyle = g.colours.cloth;
    c.fill();
    // pocket openings cut through the cushions, then the holes
    for (const p of g.pockets) {
      const [f0, f1] = p.facings;
      const k0 = this.arcPoints(p.knuckles[0], f0[0]);
      const k1 = this.arcPoints(p.knuckles[1], p.nose_ends[1]);
      this.path([f0[1], f0[0], ...k0, ...k1, f1[0], f1[1]]);
      c.fillStyle = g.colours.cloth;
      c.fill();
    }
    for (const p of g.pockets) {
      const cap = p.capture;
      this.circle(cap.centre[0], cap.centre[1], cap.radius + 6);
      c.fillStyle = "#2a1a10";
      c.fill();
      this.circle(cap.centre[0], cap.centre[1], cap.radius);
      c.fillStyle = "#070707";
      c.fill();
    }
    // markings
    c.strokeStyle = "rgba(244,241,228,0.75)";
    c.lineWidth = Math.max(1, 3.5 * this.scale);
    for (const ln of g.lines) {
      if (ln.name === "head-string") c.setLineDash([6, 6]);
      this.path([ln.a, ln.b]);
      c.stroke();
      c.setLineDash([]);
    }
    if (g.d) {
      const [cx, cy] = g.d.centre;
      const pts = [];
      for (let i = 0; i <= 40; i++) {
        const a = Math.PI + Math.PI * i / 40;
        pts.push([cx + g.d.radius * Math.cos(a), cy + g.d.radius * Math.sin(a)]);
      }
      this.path(pts);
      c.stroke();
    }
    c.fillStyle = "rgba(244,241,228,0.8)";
    for (const [x, y] of Object.values(g.spots)) {
      this.circle(x, y, 7);
      c.fill();
    }
    c.fillStyle = "#efe6c8";
    for (const [x, y] of g.diamonds) {
      this.circle(x, y, 9);
      c.fill();
    }
  }

  drawBall(name, x, y, alpha = 1, h = 0) {
    // h: height of the ball's bottom above the cloth (mm). In flight the shadow stays on the
    // cloth, cast away from the light (top-left), and the ball is drawn larger, as if nearer.
    const c = this.ctx, R = this.geo.ball_radius;
    const lift = h > 0 ? Math.min(2, 1 + h / (3 * R)) : 1;
    const r = R * lift, s = this.scale;
    const info = this.ballInfo[name] || { colour: "#999" };
    const [sx, sy] = this.toScreen(x, y);
    c.save();
    if (h > 0) {
      const d = (R + h) * 0.6 * s;
      c.beginPath();
      c.ellipse(sx + d, sy + d, R * s * (1 + h / (8 * R)), R * s * 0.8 * (1 + h / (8 * R)), 0, 0,
        2 * Math.PI);
      c.fillStyle = `rgba(0,0,0,${Math.max(0.15, 0.5 - h / 600)})`;
      c.fill();
      this.flight.frames += 1;
      this.flight.maxHeight = Math.max(this.flight.maxHeight, h);
      this.flight.maxLift = Math.max(this.flight.maxLift, lift);
    }
    c.globalAlpha = alpha;
    c.beginPath();
    c.arc(sx, sy, r * s, 0, 2 * Math.PI);
    c.fillStyle = info.striped ? "#f8f6ee" : info.colour;
    c.fill();
    if (info.striped) {
      c.save();
      c.clip();
      c.fillStyle = info.colour;
      if (this.landscape) c.fillRect(sx - r * s * 0.55, sy - r * s, r * s * 1.1, 2 * r * s);
      else c.fillRect(sx - r * s, sy - r * s * 0.55, 2 * r * s, r * s * 1.1);
      c.restore();
    }
    if (info.number) {
      c.beginPath();
      c.arc(sx, sy, r * s * 0.5, 0, 2 * Math.PI);
      c.fillStyle = "#fbfaf4";
      c.fill();
      c.fillStyle = "#111";
      c.font = `bold ${Math.max(7, r * s * 0.62)}px system-ui, sans-serif`;
      c.textAlign = "center";
      c.textBaseline = "middle";
      c.fillText(String(info.number), sx, sy + 0.5);
    }
    // light from the top-left
    const shine = c.createRadialGradient(sx - r * s * 0.35, sy - r * s * 0.35, r * s * 0.05,
      sx, sy, r * s);
    shine.addColorStop(0, "rgba(255,255,255,0.55)");
    shine.addColorStop(0.35, "rgba(255,255,255,0.05)");
    shine.addColorStop(1, "rgba(0,0,0,0.35)");
    c.beginPath();
    c.arc(sx, sy, r * s, 0, 2 * Math.PI);
    c.fillStyle = shine;
    c.fill();
    c.restore();
  }

  drawCue(g) {
    // The cue behind the cue ball: drawn back with the power, offset by the side spin.
    const c = this.ctx, R = this.geo.ball_radius;
    const a = g.angle * Math.PI / 180, ux = Math.cos(a), uy = Math.sin(a);
    const px = -uy * (g.side || 0) * R, py = ux * (g.side || 0) * R;
    const gap = R + 12 + (g.power || 0) * 2.2;
    const tip = [g.from[0] - ux * gap + px, g.from[1] - uy * gap + py];
    const butt = [tip[0] - ux * 1450, tip[1] - uy * 1450];
    const [tx, ty] = this.toScreen(...tip), [bx, by] = this.toScreen(...butt);
    const grad = c.createLinearGradient(tx, ty, bx, by);
    grad.addColorStop(0, "#e9e1cf");
    grad.addColorStop(0.02, "#e9e1cf");
    grad.addColorStop(0.021, "#3b6fb6");
    grad.addColorStop(0.03, "#d9b98a");
    grad.addColorStop(0.65, "#b07a45");
    grad.addColorStop(0.7, "#1b1b1b");
    grad.addColorStop(1, "#2b1a10");
    c.save();
    c.lineCap = "round";
    c.strokeStyle = "rgba(0,0,0,0.35)";
    c.lineWidth = Math.max(2, 26 * this.scale);
    c.beginPath();
    c.moveTo(tx + 3, ty + 4);
    c.lineTo(bx + 3, by + 4);
    c.stroke();
    c.strokeStyle = grad;
    c.lineWidth = Math.max(2, 22 * this.scale);
    c.beginPath();
    c.moveTo(tx, ty);
    c.lineTo(bx, by);
    c.stroke();
    c.restore();
  }

  drawGuide() {
    const g = this.guide;
    if (!g) return;
    const c = this.ctx, R = this.geo.ball_radius;
    const hit = this.castRay(g.from, g.angle, g.cue);
    const [x0, y0] = g.from;
    c.save();
    c.strokeStyle = "rgba(255,255,255,0.8)";
    c.lineWidth = 1.5;
    c.setLineDash([5, 4]);
    this.path([[x0, y0], hit.at]);
    c.stroke();
    c.setLineDash([]);
    this.circle(hit.at[0], hit.at[1], R);
    c.strokeStyle = "rgba(255,255,255,0.9)";
    c.stroke();
    if (hit.ball) {
      // the object ball leaves along the line of centres
      const [bx, by] = this.balls[hit.ball];
      const dx = bx - hit.at[0], dy = by - hit.at[1];
      const n = Math.hypot(dx, dy) || 1;
      c.strokeStyle = "rgba(255,230,120,0.9)";
      this.path([[bx, by], [bx + dx / n * 400, by + dy / n * 400]]);
      c.stroke();
    }
    c.restore();
    this.drawCue(g);
  }

  castRay(from, angle, cue) {
    // First ball (ghost at 2R) or cushion along the aim line.
    const R = this.geo.ball_radius, W = this.geo.width, L = this.geo.length;
    const ux = Math.cos(angle * Math.PI / 180), uy = Math.sin(angle * Math.PI / 180);
    let best = Infinity, ball = null;
    for (const [name, [bx, by]] of Object.entries(this.balls)) {
      if (name === cue) continue;
      const px = bx - from[0], py = by - from[1];
      const along = px * ux + py * uy;
      if (along <= 0) continue;
      const perp2 = px * px + py * py - along * along;
      const r2 = 4 * R * R;
      if (perp2 > r2) continue;
      const d = along - Math.sqrt(r2 - perp2);
      if (d < best) { best = d; ball = name; }
    }
    const walls = [];
    if (ux > 0) walls.push((W - R - from[0]) / ux);
    if (ux < 0) walls.push((R - from[0]) / ux);
    if (uy > 0) walls.push((L - R - from[1]) / uy);
    if (uy < 0) walls.push((R - from[1]) / uy);
    const wall = Math.max(0, Math.min(...walls));
    if (wall < best) { best = wall; ball = null; }
    return { at: [from[0] + ux * best, from[1] + uy * best], ball };
  }

  draw() {
    if (!this.ctx) return;
    this.drawTable();
    // the balls in the air last, above the others
    const entries = Object.entries(this.balls);
    const h = (n) => this.heights[n] || 0;
    entries.sort((a, b) => h(a[0]) - h(b[0]));
    for (const [name, [x, y]] of entries) this.drawBall(name, x, y, 1, h(name));
    this.drawOff();
    if (this.placing) {
      const [x, y] = this.placing.at;
      this.drawBall(this.placing.cue, x, y, 0.95);
      this.circle(x, y, this.geo.ball_radius + 8);
      this.ctx.strokeStyle = this.placing.ok ? "rgba(120,255,160,0.9)" : "rgba(255,70,70,0.95)";
      this.ctx.lineWidth = 2;
      this.ctx.stroke();
    }
    this.drawGuide();
    this.drawMarks();
  }

  drawOff() {
    // A cross where a ball left the table, and the words.
    const c = this.ctx, r = this.geo.ball_radius * this.scale;
    for (const { at } of this.offMarks) {
      // where it was last seen, kept on the canvas (it may have flown past the rail)
      const [ox, oy] = this.toScreen(...at);
      const sx = Math.min(Math.max(ox, r + 2), this.cssW - r - 2);
      const sy = Math.min(Math.max(oy, r + 2), this.cssH - r - 2);
      c.save();
      c.strokeStyle = "rgba(255,90,70,0.95)";
      c.lineWidth = 3;
      c.beginPath();
      c.moveTo(sx - r, sy - r); c.lineTo(sx + r, sy + r);
      c.moveTo(sx + r, sy - r); c.lineTo(sx - r, sy + r);
      c.stroke();
      c.font = `bold ${Math.max(12, r * 1.2)}px system-ui, sans-serif`;
      c.textAlign = sx > this.cssW / 2 ? "right" : "left";
      c.textBaseline = "middle";
      const tx = Math.min(Math.max(sx, 4), this.cssW - 4);
      const ty = Math.min(Math.max(sy + (sy > this.cssH / 2 ? -2 : 2) * r, 10), this.cssH - 10);
      c.fillStyle = "#fff";
      c.strokeStyle = "#000";
      c.strokeText(this.words.off, tx, ty);
      c.fillText(this.words.off, tx, ty);
      c.restore();
    }
  }

  ring(name, colour, width, dash = []) {
    const at = this.balls[name];
    if (!at) return;
    const c = this.ctx, [sx, sy] = this.toScreen(...at);
    c.save();
    c.beginPath();
    c.arc(sx, sy, this.geo.ball_radius * this.scale + 3 + width / 2, 0, 2 * Math.PI);
    c.strokeStyle = colour;
    c.lineWidth = width;
    c.setLineDash(dash);
    c.stroke();
    c.restore();
  }

  drawMarks() {
    // Free-ball candidates numbered nearest first, the nominated ball, the called ball and
    // pocket (dimmer when only the aim implies them).
    const k = this.marks;
    if (!k) return;
    const c = this.ctx, gold = k.chosen ? "rgba(255,213,74,1)" : "rgba(255,213,74,0.6)";
    (k.candidates || []).forEach((b, i) => {
      this.ring(b, "rgba(255,255,255,0.85)", 1.5, [3, 3]);
      const at = this.balls[b];
      if (!at) return;
      const [sx, sy] = this.toScreen(...at), r = this.geo.ball_radius * this.scale;
      c.save();
      c.font = `bold ${Math.max(11, r * 1.1)}px system-ui, sans-serif`;
      c.fillStyle = "#fff";
      c.strokeStyle = "#000";
      c.lineWidth = 3;
      c.strokeText(String(i + 1), sx + r + 3, sy - r - 2);
      c.fillText(String(i + 1), sx + r + 3, sy - r - 2);
      c.restore();
    });
    if (k.nominate) this.ring(k.nominate, gold, 3);
    if (k.call) {
      const pk = this.geo.pockets.find((p) => p.name === k.call.pocket);
      const at = this.balls[k.call.ball];
      if (!pk || !at) return;
      this.ring(k.call.ball, gold, 3);
      c.save();
      c.strokeStyle = gold;
      c.lineWidth = 2;
      c.setLineDash([6, 5]);
      this.path([at, pk.capture.centre]);
      c.stroke();
      c.setLineDash([]);
      c.lineWidth = 3;
      this.circle(pk.capture.centre[0], pk.capture.centre[1], pk.capture.radius + 10);
      c.stroke();
      c.restore();
    }
  }

  // ---------------------------------------------------------------- animation

  animate(shot, onDone) {
    // Real speed: the wall clock drives t; every ball is evaluated from its segments.
    const segs = shot.trajectories, pocketed = shot.pocketed || {};
    const start = performance.now();
    const duration = shot.duration;
    // balls that leave the table (an "off" event): gone after their last segment, marked
    const off = {};
    for (const e of shot.events || []) if (e.off !== undefined) off[e.off] = e.t;
    this.offMarks = [];
    this.skip = false;
    this.animations = (this.animations || 0) + 1;  // counted, for the tests
    const step = (now) => {
      // skip: jump to the end (where every ball comes to rest)
      const t = this.skip ? duration : Math.min((now - start) / 1000, duration);
      const pos = {}, heights = {}, marks = [];
      for (const [name, list] of Object.entries(segs)) {
        if (!list.length) continue;
        const last = list[list.length - 1];
        const s = list.find((q) => t <= q.t1) || last;
        const dt = Math.min(Math.max(t, s.t0), s.t1) - s.t0;
        const at = [s.p0[0] + (s.v0[0] + 0.5 * s.a[0] * dt) * dt,
          s.p0[1] + (s.v0[1] + 0.5 * s.a[1] * dt) * dt];
        // (the event's time is rounded: it may fall a hair after the trajectory's end)
        if (off[name] !== undefined && t >= Math.min(off[name], last.t1)) {
          marks.push({ name, at });
          continue;
        }
        if (pocketed[name] && t > last.t1) continue;
        pos[name] = at;
        // an airborne segment carries its height: h = h0 + vz dt + az dt^2 / 2 (mm)
        if (s.state === "airborne") {
          const h = (s.h0 || 0) + ((s.vz || 0) + 0.5 * (s.az || 0) * dt) * dt;
          if (h > 0) heights[name] = h;
        }
      }
      this.balls = pos;
      this.heights = heights;
      this.offMarks = marks;
      this.draw();
      if (t < duration) requestAnimationFrame(step);
      else {
        this.heights = {};
        this.skipped = this.skip;
        onDone();
      }
    };
    requestAnimationFrame(step);
  }
}
