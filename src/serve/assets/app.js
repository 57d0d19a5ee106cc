// sow serve: the page's script. Every action is a JSON request to the API;
// the server keeps no game, only the folder's files and running batches.
"use strict";

const $ = (id) => document.getElementById(id);

async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const value = await response.json();
  if (!response.ok) throw new Error(value.error || response.statusText);
  return value;
}

function say(id, text, bad) {
  const el = $(id);
  el.textContent = text;
  el.classList.toggle("error", !!bad);
}

function escapeText(text) {
  const div = document.createElement("div");
  div.textContent = text;
  return div.innerHTML;
}

// ---- pages -------------------------------------------------------------
function show(page) {
  for (const section of document.querySelectorAll(".page")) section.hidden = section.id !== page;
  for (const button of document.querySelectorAll("nav button"))
    button.classList.toggle("active", button.dataset.page === page);
  if (location.hash !== "#" + page) history.replaceState(null, "", "#" + page);
  if (page === "play" && !play.state) newGame();
}
for (const button of document.querySelectorAll("nav button"))
  button.addEventListener("click", () => show(button.dataset.page));

async function loadLists() {
  const files = await api("/api/files");
  $("folder").textContent = "folder: " + files.folder;
  const list = $("variants");
  list.innerHTML = "";
  for (const name of files.files.filter((f) => f.endsWith(".variant")).concat(files.shipped)) {
    const option = document.createElement("option");
    option.value = name;
    list.appendChild(option);
  }
  const records = $("replay-file");
  records.length = 1;
  for (const name of files.files.filter((f) => !f.endsWith(".variant"))) {
    records.add(new Option(name, name));
  }
}

// ---- Write -------------------------------------------------------------
const write = { timer: null, asked: 0 };

async function openVariant() {
  const name = $("write-name").value.trim();
  try {
    const source = await api("/api/source", { name });
    $("write-text").value = source.text;
    $("write-path").value = source.shipped ? name.replace("@", "-") + ".variant" : name;
    say("write-status", "opened " + name);
    check();
  } catch (e) {
    say("write-status", e.message, true);
  }
}

function gutter(marks) {
  const lines = $("write-text").value.split("\n").length;
  const out = [];
  for (let i = 1; i <= lines; i++) {
    const mark = marks.get(i);
    out.push(mark ? `<span class="${mark}">${i}</span>` : String(i));
  }
  $("write-gutter").innerHTML = out.join("\n");
  $("write-gutter").scrollTop = $("write-text").scrollTop;
}

function goTo(line, column) {
  const text = $("write-text");
  const lines = text.value.split("\n");
  let offset = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
  offset += column - 1;
  text.focus();
  text.setSelectionRange(offset, offset);
  text.scrollTop = Math.max(0, (line - 5) * 18);
}

async function check() {
  const asked = ++write.asked;
  const text = $("write-text").value;
  let result;
  try {
    result = await api("/api/check", { text, name: $("write-path").value || "variant" });
  } catch (e) {
    say("write-status", e.message, true);
    return;
  }
  if (asked !== write.asked) return; // a newer check is on its way
  const list = $("write-diagnostics");
  list.innerHTML = "";
  const marks = new Map();
  for (const d of result.diagnostics) {
    const item = document.createElement("li");
    item.className = d.severity;
    const reading = d.reading ? ` (reading ${escapeText(d.reading)})` : "";
    item.innerHTML = `<span class="where">line ${d.line}, column ${d.column}</span>` +
      `${d.severity}${reading}: ${escapeText(d.message)}` +
      (d.note ? `<span class="note">note at ${escapeText(d.note)}</span>` : "");
    item.addEventListener("click", () => goTo(d.line, d.column));
    list.appendChild(item);
    if (d.severity === "error" || !marks.has(d.line)) marks.set(d.line, d.severity === "error" ? "bad" : "warn");
  }
  if (result.valid && result.diagnostics.length === 0) {
    list.innerHTML = '<li class="ok">no errors, no warnings</li>';
  } else if (result.valid) {
    const ok = document.createElement("li");
    ok.className = "ok";
    ok.textContent = "no errors";
    list.prepend(ok);
  }
  $("write-description").textContent = result.description || "(the rules do not load: fix the errors first)";
  gutter(marks);
}

$("write-text").addEventListener("input", () => {
  gutter(new Map());
  clearTimeout(write.timer);
  write.timer = setTimeout(check, 300);
});
$("write-text").addEventListener("scroll", () => { $("write-gutter").scrollTop = $("write-text").scrollTop; });
$("write-open").addEventListener("click", openVariant);
$("write-format").addEventListener("click", async () => {
  try {
    const result = await api("/api/format", { text: $("write-text").value });
    $("write-text").value = result.text;
    say("write-status", "formatted");
    check();
  } catch (e) {
    say("write-status", e.message, true);
  }
});
$("write-save").addEventListener("click", async () => {
  try {
    const result = await api("/api/save", { path: $("write-path").value.trim(), text: $("write-text").value });
    say("write-status", "saved " + result.saved);
    loadLists();
  } catch (e) {
    say("write-status", e.message, true);
  }
});

// ---- Play --------------------------------------------------------------
const play = { state: null, game: null };

function playRequest(extra) {
  return Object.assign({
    variant: play.game.variant,
    agent: play.game.agent,
    human: play.game.human,
    seed: play.game.seed,
    moves: play.state ? play.state.moves : [],
  }, extra);
}

async function newGame() {
  play.game = {
    variant: $("play-variant").value.trim(),
    agent: $("play-agent").value.trim(),
    human: $("play-human").value,
    seed: Number($("play-seed").value) || 0,
  };
  play.state = null;
  $("play-record").textContent = "";
  await step({ moves: [] });
}

async function step(extra) {
  say("play-status", "thinking...");
  try {
    play.state = await api("/api/play", playRequest(extra));
    drawGame();
  } catch (e) {
    say("play-status", e.message, true);
  }
}

function drawGame() {
  const s = play.state;
  const board = $("play-board");
  board.innerHTML = s.svg;
  board.classList.toggle("playable", s.legal.length > 0);
  const byPit = new Map();
  for (const label of s.legal) {
    const pit = label.split(":")[0];
    if (!byPit.has(pit)) byPit.set(pit, []);
    byPit.get(pit).push(label);
  }
  for (const circle of board.querySelectorAll("circle[data-pit]")) {
    const moves = byPit.get(circle.dataset.pit);
    if (!moves) continue;
    circle.classList.add("playable");
    circle.addEventListener("click", () => choose(moves));
  }
  const choices = $("play-choices");
  choices.innerHTML = "";
  if (byPit.has("pass")) choose(byPit.get("pass"), "you cannot move:");
  $("play-moves").textContent = s.moves.map((m, i) => `${i + 1}.${s.movers[i] === "south" ? "S" : "N"} ${m}`).join("  ") || "(none yet)";
  $("play-last").textContent = s.last ? s.last.words : "(none yet)";
  const laps = $("play-laps");
  laps.innerHTML = "";
  if (s.last && s.last.laps.length > 0) {
    for (const lap of s.last.laps) {
      const item = document.createElement("li");
      item.textContent = lap.join(" ");
      laps.appendChild(item);
    }
  }
  const rounds = s.rounds.length ? s.rounds.join("; ") + ". " : "";
  if (s.over) say("play-status", rounds + "Game over: " + s.result);
  else if (s.legal.length) say("play-status", rounds + `Your move (${s.to_move}): click a pit.`);
  else say("play-status", rounds + `${s.to_move} to move.`);
}

function choose(moves, why) {
  if (moves.length === 1 && !why) return step({ move: moves[0] });
  const choices = $("play-choices");
  choices.innerHTML = "";
  const head = document.createElement("span");
  head.textContent = why || `${moves[0].split(":")[0]}: which way?`;
  choices.appendChild(head);
  for (const move of moves) {
    const button = document.createElement("button");
    button.textContent = move.includes(":cw") ? move + " (clockwise)" : move.includes(":ccw") ? move + " (anticlockwise)" : move;
    button.addEventListener("click", () => step({ move }));
    choices.appendChild(button);
  }
}

$("play-new").addEventListener("click", newGame);
$("play-undo").addEventListener("click", () => {
  const s = play.state;
  if (!s) return;
  const moves = s.moves.slice();
  const movers = s.movers.slice();
  // Back to before the human's last move (and the agent's replies to it).
  while (movers.length && movers[movers.length - 1] !== play.game.human) { movers.pop(); moves.pop(); }
  if (movers.length) { movers.pop(); moves.pop(); }
  play.state.moves = moves;
  step({ moves });
});
$("play-save").addEventListener("click", async () => {
  if (!play.state) return;
  const path = $("play-path").value.trim();
  try {
    const result = await api("/api/play/record", playRequest(path ? { path } : {}));
    $("play-record").textContent = result.yaml;
    say("play-status", result.saved ? "saved " + result.saved : "the record is below (give a path to save it into the folder)");
    if (result.saved) loadLists();
  } catch (e) {
    say("play-status", e.message, true);
  }
});

// ---- Replay ------------------------------------------------------------
const replay = { frames: [] };

function showFrame(ply) {
  const frame = replay.frames[ply];
  if (!frame) return;
  $("replay-ply").value = ply;
  $("replay-board").innerHTML = frame.svg;
  say("replay-where", `ply ${ply} of ${replay.frames.length - 1}` + (frame.move ? `: ${frame.words}` : ""));
}

$("replay-run").addEventListener("click", async () => {
  const path = $("replay-file").value;
  const body = path ? { path } : { text: $("replay-text").value };
  try {
    const result = await api("/api/replay", body);
    replay.frames = result.frames;
    const verdict = $("replay-verdict");
    verdict.textContent = result.verdict;
    verdict.className = "verdict " + (result.consistent ? "consistent" : "diverged");
    $("replay-ply").max = result.frames.length - 1;
    // Where the record leaves the rules: the last position both agree on.
    showFrame(result.consistent ? 0 : result.frames.length - 1);
  } catch (e) {
    const verdict = $("replay-verdict");
    verdict.textContent = e.message;
    verdict.className = "verdict diverged";
  }
});
$("replay-file").addEventListener("change", async () => {
  const path = $("replay-file").value;
  if (!path) return;
  try {
    $("replay-text").value = (await api("/api/source", { name: path })).text;
  } catch (e) {
    say("replay-where", e.message, true);
  }
});
$("replay-ply").addEventListener("input", () => showFrame(Number($("replay-ply").value)));
$("replay-first").addEventListener("click", () => showFrame(0));
$("replay-prev").addEventListener("click", () => showFrame(Math.max(0, Number($("replay-ply").value) - 1)));
$("replay-next").addEventListener("click", () => showFrame(Math.min(replay.frames.length - 1, Number($("replay-ply").value) + 1)));
$("replay-last").addEventListener("click", () => showFrame(replay.frames.length - 1));

// ---- Compare -----------------------------------------------------------
$("compare-run").addEventListener("click", async () => {
  const a = $("compare-a").value.trim();
  const b = $("compare-b").value.trim();
  say("compare-status", "comparing...");
  $("compare-rules").innerHTML = "";
  $("compare-play").textContent = "";
  $("compare-board").innerHTML = "";
  let result;
  try {
    result = await api("/api/compare", { a, b });
  } catch (e) {
    say("compare-status", e.message, true);
    return;
  }
  const n = result.rules.length;
  say("compare-status", result.same_rules ? `${a} and ${b} have the same rules` : `${n} rule${n === 1 ? "" : "s"} differ${n === 1 ? "s" : ""}`);
  for (const rule of result.rules) {
    const box = document.createElement("div");
    box.className = "rule";
    const says = (name, sentences) => sentences.map((s) => `<p class="says"><b>${escapeText(name)}:</b> ${escapeText(s)}</p>`).join("");
    let inPlay = "not shown in play: no game on one board can take it";
    if (rule.in_play && rule.in_play.shown) inPlay = `shown in play after ${rule.in_play.plies} plies: ${rule.in_play.moves}`;
    else if (rule.in_play) inPlay = `not shown in play within ${rule.in_play.plies} plies (${rule.in_play.positions} positions)`;
    box.innerHTML = `<h3>${escapeText(rule.option)}: ${escapeText(rule.a)} (${escapeText(a)}), ${escapeText(rule.b)} (${escapeText(b)})</h3>` +
      says(a, rule.a_says) + says(`${a} with \`${rule.option} ${rule.b}\``, rule.b_says) +
      `<p class="in-play">${escapeText(inPlay)}</p>`;
    $("compare-rules").appendChild(box);
  }
  const p = result.play;
  if (result.same_rules) return;
  if (!result.same_board) {
    $("compare-play").textContent = "the boards differ: a play comparison needs the same board (each rule on the left was played on its own board)";
  } else if (p.shown) {
    const how = p.method === "breadth_first" ? "the shortest sequence" : "found in a random game; a shorter one may exist";
    $("compare-play").textContent = `${a} and ${b} part ways after ${p.plies} plies: ${p.moves} (${how}).\nThe board shows the ${p.position_is}.\n\n${p.words}`;
    $("compare-board").innerHTML = p.svg;
  } else {
    $("compare-play").textContent = `no sequence on which they part ways was found (${p.positions} positions examined${p.exhausted ? ", every reachable one" : ""})`;
  }
});

// ---- Simulate ----------------------------------------------------------
const sim = { job: null, timer: null };

$("sim-run").addEventListener("click", async () => {
  const request = {
    variant: $("sim-variant").value.trim(),
    agents: [$("sim-south").value.trim(), $("sim-north").value.trim()],
    games: Number($("sim-games").value),
    seed: Number($("sim-seed").value) || 0,
    swap: $("sim-swap").checked,
    max_plies: Number($("sim-cap").value),
  };
  $("sim-table").innerHTML = "";
  try {
    const started = await api("/api/simulate", request);
    sim.job = started.job;
    $("sim-progress").max = started.games;
    $("sim-progress").value = 0;
    $("sim-run").disabled = true;
    $("sim-cancel").disabled = false;
    say("sim-status", "started");
    poll();
  } catch (e) {
    say("sim-status", e.message, true);
  }
});
$("sim-cancel").addEventListener("click", async () => {
  if (sim.job === null) return;
  try {
    await api("/api/simulate/cancel", { job: sim.job });
    say("sim-status", "cancelling...");
  } catch (e) {
    say("sim-status", e.message, true);
  }
});

async function poll() {
  let status;
  try {
    status = await api("/api/simulate/status", { job: sim.job });
  } catch (e) {
    say("sim-status", e.message, true);
    return;
  }
  $("sim-progress").value = status.played;
  if (status.state === "running") {
    say("sim-status", `${status.played} of ${status.games} games`);
    sim.timer = setTimeout(poll, 300);
    return;
  }
  $("sim-run").disabled = false;
  $("sim-cancel").disabled = true;
  if (status.state === "done") {
    say("sim-status", `done: ${status.games} games`);
    summaryTable(status.summary);
  } else if (status.state === "cancelled") {
    say("sim-status", `cancelled after ${status.played} of ${status.games} games`);
  } else {
    say("sim-status", status.error, true);
  }
}

// The rows of `sow simulate`'s table.
function summaryTable(s) {
  const rate = (r) => `${(100 * r.rate).toFixed(1)}% [${(100 * r.ci95[0]).toFixed(1)}, ${(100 * r.ci95[1]).toFixed(1)}]`;
  const fixed = (x) => (x === null || x === undefined ? "-" : x.toFixed(3));
  const rows = [["games", String(s.games)],
    ["south wins", `${s.wins.south}  ${rate(s.win_rates.south)}`],
    ["north wins", `${s.wins.north}  ${rate(s.win_rates.north)}`],
    ["draws", `${s.wins.draws}  ${rate(s.win_rates.draws)}`],
    [`first player (${s.first_player.player}) share of decided games`,
      s.first_player.share_of_decided ? `${rate(s.first_player.share_of_decided)} of ${s.first_player.decided}` : "no decided game"],
    ["AdvantageP1 (first player's wins / games)", fixed(s.first_player.advantage_p1)]];
  if (s.agent_wins) for (const [i, a] of s.agent_wins.entries())
    rows.push([`wins of ${a.agent} (${i === 0 ? "first" : "second"} agent, both seats)`, `${a.wins}  ${rate(a.rate)}`]);
  rows.push(["plies per game", `mean ${s.plies.mean.toFixed(1)}  median ${s.plies.median}  p95 ${s.plies.p95}  max ${s.plies.max}`]);
  if (s.rounds) rows.push(["rounds per match", `mean ${s.rounds.mean.toFixed(1)}  median ${s.rounds.median}  max ${s.rounds.max}`]);
  rows.push(["stones captured per game", s.captured.mean.toFixed(2)]);
  for (const end of s.ends_in_force) {
    const count = s.ends[end] || 0;
    const name = end === "ply_cap" ? "ply cap (unfinished)" : end.replace(/_/g, " ");
    rows.push([`end: ${name}`, `${count}  ${(100 * count / s.games).toFixed(1)}%`]);
  }
  rows.push(["branching factor (legal moves per decision)", fixed(s.branching.mean)]);
  const m = s.metrics;
  rows.push(["Balance", fixed(m.balance)], ["Completion", fixed(m.completion)], ["Drawishness", fixed(m.drawishness)],
    ["Timeouts", fixed(m.timeouts)], ["DecisionMoves", fixed(m.decision_moves)], ["Duration (plies)", m.duration.toFixed(2)]);
  const table = $("sim-table");
  table.innerHTML = `<caption>${escapeText(s.variant)}: ${escapeText(s.agents.join(" against "))}, seed ${s.seed}, ply cap ${s.max_plies}</caption>` +
    "<tr><th>figure</th><th>value</th></tr>" +
    rows.map(([name, value]) => `<tr><td>${escapeText(name)}</td><td>${escapeText(value)}</td></tr>`).join("");
}

// ---- start -------------------------------------------------------------
loadLists().catch((e) => say("write-status", e.message, true));
openVariant();
show((location.hash || "#write").slice(1));
