// GripFit dashboard: the live session over Server-Sent Events, commands and history over fetch.
// Device and stored text is always inserted with textContent, never parsed as HTML.
"use strict";

const WINDOW_MS = 30000;
const CAPACITY = 4096; // > 30 s at the fastest rate the GripFit allows (20 ms)

const $ = (id) => document.getElementById(id);

// Device text as the terminal shows it (UntrustedText in GripFitOutput): the JSON carries it as the device sent it, and
// here, where it meets the reader, a control or bidi character becomes a visible escape and a backslash is doubled.
const visible = (text) =>
  String(text).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\\]/g, (c) => {
    if (c === "\\") return "\\\\";
    const code = c.charCodeAt(0);
    return code < 0x100 ? "\\x" + code.toString(16).toUpperCase().padStart(2, "0") : "\\u{" + code.toString(16) + "}";
  });

// A fixed-size ring of (time, value): the chart's memory stays flat however long the page runs.
class Ring {
  constructor(capacity) {
    this.times = new Float64Array(capacity);
    this.values = new Float64Array(capacity);
    this.start = 0;
    this.count = 0;
  }
  push(time, value) {
    const capacity = this.times.length;
    const index = (this.start + this.count) % capacity;
    this.times[index] = time;
    this.values[index] = value;
    if (this.count < capacity) this.count += 1; else this.start = (this.start + 1) % capacity;
  }
  clear() { this.start = 0; this.count = 0; }
  forEach(fn) {
    const capacity = this.times.length;
    for (let i = 0; i < this.count; i++) {
      const index = (this.start + i) % capacity;
      fn(this.times[index], this.values[index]);
    }
  }
}

const live = {
  ring: new Ring(CAPACITY),
  unit: "raw",
  calibrated: false,
  value: null,
  peak: null,
  lastServerTime: 0,
  lastReceipt: 0,
  dirty: true,
  // Whether readings change the status: while a recording counts them, and from a new link until
  // the status names the GripFit on it (the device is decided once its readings flow).
  recording: false,
  deviceSettled: false,
};

function post(path, body) {
  return fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? "{}" : JSON.stringify(body),
  }).then(async (response) => {
    if (!response.ok) throw new Error((await response.text()).trim() || response.statusText);
    return response.json();
  });
}

function getJSON(path) {
  return fetch(path).then(async (response) => {
    if (!response.ok) throw new Error((await response.text()).trim() || response.statusText);
    return response.json();
  });
}

function notice(text, isError) {
  const element = $("notice");
  element.textContent = text;
  element.style.color = isError ? "var(--bad)" : "";
  clearTimeout(notice.timer);
  notice.timer = setTimeout(() => { element.textContent = ""; }, 4000);
}

// Axis labels: raw counts shortened (834k, 1.2M), forces with the decimals their step needs.
function tick(value, unit, step) {
  if (unit === "raw") {
    if (Math.abs(value) >= 1e6) return (value / 1e6).toFixed(step >= 1e6 ? 0 : 1) + "M";
    if (Math.abs(value) >= 1e3) return (value / 1e3).toFixed(step >= 1e3 ? 0 : 1) + "k";
    return String(Math.round(value));
  }
  return value.toFixed(step >= 1 ? 0 : step >= 0.1 ? 1 : 2);
}

function format(value, unit) {
  if (value === null || value === undefined || !Number.isFinite(value)) return "–";
  const text = unit === "raw" ? String(Math.round(value)) : value.toFixed(unit === "N" ? 1 : 2);
  // An empty handle reads a hair below zero; "-0.00" would say it pulls the other way.
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
}

// An empty handle's reading scatters around zero by the sensor's noise (the simulator's is 0.006 kg),
// so a live readout to the hundredth would flicker "-0.01 kg" with nothing on the handle. As a scale
// blanks its zero, the live force and peak show a value within this band of zero as zero; a squeeze is kilograms.
const ZERO_BAND = { kg: 0.05, lb: 0.1, N: 0.5 };

function liveFormat(value, unit) {
  const band = ZERO_BAND[unit];
  return format(band !== undefined && Number.isFinite(value) && Math.abs(value) < band ? 0 : value, unit);
}

// Times as plot titles and the CLI show them, whatever the browser's locale: 2026-11-22 09:10:31 +01:00.
function localTime(text) {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) return text;
  const two = (number) => String(number).padStart(2, "0");
  const offset = -date.getTimezoneOffset();
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ` +
    `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())} ` +
    `${offset < 0 ? "-" : "+"}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
}

// MARK: live events

function onEvent(message) {
  let event;
  try { event = JSON.parse(message.data); } catch { return; }
  switch (event.event) {
    case "reading": {
      const unit = event.unit || "raw";
      if (unit !== live.unit) { live.unit = unit; live.ring.clear(); live.peak = null; }
      const value = typeof event.force === "number" ? event.force : event.raw;
      const time = Date.parse(event.time);
      live.value = value;
      live.peak = live.peak === null ? value : Math.max(live.peak, value);
      live.lastServerTime = time;
      live.lastReceipt = performance.now();
      live.ring.push(time, value);
      live.dirty = true;
      if ((live.recording || !live.deviceSettled) && performance.now() - statusRequest.last >= 1000) refreshStatus();
      break;
    }
    case "state":
      live.deviceSettled = false;
      showLinks(event.state === "error" ? "error: " + event.error : event.state);
      refreshDevices();
      refreshStatus();
      break;
    case "device":
      $("device").textContent = visible(event.name) + " · firmware " + visible(event.firmware);
      refreshStatus();
      break;
    case "status":
      if (event.status === "TARED") notice("Tared");
      break;
    case "guided":
      showGuided(event);
      break;
    case "bridge":
      if (BRIDGE_CHANGES.has(event.type)) { refreshDevices(); refreshStatus(); }
      if (event.type === "connected" || event.type === "status") {
        if (event.address && $("device").textContent === "No GripFit yet") $("device").textContent = "GripFit " + event.address;
      }
      break;
  }
}

function setLink(name, text, up) {
  $(name).textContent = text;
  $(name + "-dot").className = "dot" + (up === true ? " up" : up === "pending" ? " pending" : "");
}

function showLinks(state) {
  // The session state alone, until the status fetched for this change fills in both links.
  if (state === "connected") { setLink("usb", "connected", true); setLink("ble", "connected", true); }
  else if (state === "scanning" || state === "connecting") { setLink("usb", "connected", true); setLink("ble", state, "pending"); }
  else { setLink("ble", "disconnected", false); }
}

function applyStatus(status) {
  setLink("usb", status.usb, status.usb === "connected");
  setLink("ble", status.ble, status.ble === "connected" ? true : status.ble === "disconnected" ? false : "pending");
  live.calibrated = status.calibrated;
  // Behind a bridge the device is `ble:<address>` of the GripFit the bridge is linked to.
  const address = status.bridge && status.bridge.address;
  live.deviceSettled = status.device !== null && (!address || status.device === "ble:" + address);
  $("calibrate-hint").hidden = status.calibrated || status.device === null;
  if (status.name) {
    const firmware = status.firmware ? " · firmware " + visible(status.firmware) : "";
    $("device").textContent = visible(status.name) + firmware + " · " + visible(status.device || "");
  } else if (status.device) $("device").textContent = visible(status.device);
  if (status.unit === live.unit || live.value === null) live.peak = status.peak;
  showRecording(status.recording);
  // The bridge firmware gate (BridgeFirmwareGate): an update recommended, or a version it does not know.
  const advice = status.bridge && status.bridge.advice;
  $("bridge-banner").hidden = !advice;
  $("bridge-banner").textContent = advice ? "Bridge: " + visible(advice) : "";
  // Sessions saved on this station while the history server was away (`history sync` pushes them).
  const pending = status.pendingSync || 0;
  $("pending-sync").hidden = pending === 0;
  $("pending-sync").textContent = `${pending} session${pending === 1 ? "" : "s"} waiting to sync`;
  live.dirty = true;
}

// The status is fetched when the event stream says something changed, never on a timer: a page
// left open on an idle dongle makes no requests. One at a time; changes during it cost one more.
const statusRequest = { busy: false, again: false, last: 0 };

function refreshStatus() {
  if (statusRequest.busy) { statusRequest.again = true; return; }
  statusRequest.busy = true;
  statusRequest.last = performance.now();
  getJSON("api/status").then(applyStatus).catch(() => {}).finally(() => {
    statusRequest.busy = false;
    if (statusRequest.again) { statusRequest.again = false; refreshStatus(); }
  });
}

// MARK: chart

function niceStep(span) {
  const rough = span / 5;
  const power = Math.pow(10, Math.floor(Math.log10(rough)));
  for (const factor of [1, 2, 2.5, 5, 10]) if (rough <= factor * power) return factor * power;
  return 10 * power;
}

function sizeCanvas(canvas) {
  const ratio = window.devicePixelRatio || 1;
  const width = Math.max(200, Math.round(canvas.clientWidth * ratio));
  const height = Math.round((canvas.clientHeight || 240) * ratio);
  if (canvas.width !== width || canvas.height !== height) { canvas.width = width; canvas.height = height; }
  return ratio;
}

function drawChart() {
  const canvas = $("chart");
  if (canvas.offsetParent === null) return;
  const ratio = sizeCanvas(canvas);
  const context = canvas.getContext("2d");
  const width = canvas.width, height = canvas.height;
  const left = 48 * ratio, right = 24 * ratio, top = 10 * ratio, bottom = 22 * ratio;
  const now = live.lastServerTime + (live.lastReceipt ? performance.now() - live.lastReceipt : 0);
  let low = Infinity, high = -Infinity;
  live.ring.forEach((time, value) => {
    if (time >= now - WINDOW_MS) { low = Math.min(low, value); high = Math.max(high, value); }
  });
  const minimumSpan = live.unit === "raw" ? 2000 : live.unit === "N" ? 50 : 5;
  if (!Number.isFinite(low)) { low = 0; high = minimumSpan; }
  if (live.unit !== "raw") low = Math.min(low, 0);
  if (high - low < minimumSpan) high = low + minimumSpan;
  const step = niceStep(high - low);
  low = Math.floor(low / step) * step;
  high = Math.ceil(high / step) * step;
  const x = (time) => left + (1 - (now - time) / WINDOW_MS) * (width - left - right);
  const y = (value) => top + (1 - (value - low) / (high - low)) * (height - top - bottom);

  context.clearRect(0, 0, width, height);
  context.font = `${12 * ratio}px system-ui, sans-serif`;
  context.fillStyle = "#5d6d7e";
  context.strokeStyle = "#e3e8ed";
  context.lineWidth = 1;
  context.textAlign = "right";
  context.textBaseline = "middle";
  for (let value = low; value <= high + step / 2; value += step) {
    context.beginPath();
    context.moveTo(left, y(value));
    context.lineTo(width - right, y(value));
    context.stroke();
    context.fillText(tick(value, live.unit, step), left - 6 * ratio, y(value));
  }
  context.textAlign = "center";
  context.textBaseline = "top";
  for (let seconds = 0; seconds <= 30; seconds += 5) {
    context.fillText(seconds === 0 ? "now" : `−${seconds} s`, x(now - seconds * 1000), height - bottom + 5 * ratio);
  }
  context.save();
  context.beginPath();
  context.rect(left, 0, width - left - right, height);
  context.clip();
  context.strokeStyle = "#1f6feb";
  context.lineWidth = 2 * ratio;
  context.lineJoin = "round";
  context.beginPath();
  let started = false;
  live.ring.forEach((time, value) => {
    if (time < now - WINDOW_MS - 1000) return;
    if (started) context.lineTo(x(time), y(value)); else { context.moveTo(x(time), y(value)); started = true; }
  });
  context.stroke();
  context.restore();
}

function frame() {
  if (live.dirty) {
    $("force").textContent = liveFormat(live.value, live.unit);
    $("unit").textContent = live.unit;
    $("peak").textContent = liveFormat(live.peak, live.unit);
    $("peak-unit").textContent = live.peak === null ? "" : live.unit;
    live.dirty = false;
  }
  drawChart();
  requestAnimationFrame(frame);
}

// MARK: commands and recording

function showRecording(recording) {
  const state = $("record-state");
  const active = recording.state !== "idle";
  live.recording = recording.state === "recording" || recording.state === "waiting";
  $("record-start").disabled = active;
  $("record-stop").disabled = !active || recording.state === "guided";
  $("guided-start").disabled = active;
  state.classList.toggle("active", active);
  if (recording.state === "guided") {
    state.textContent = `● ${guided.label} protocol running`;
  } else if (recording.state === "recording") {
    const who = [recording.hand ? recording.hand + " hand" : null, recording.label ? "“" + recording.label + "”" : null]
      .filter(Boolean).join(", ");
    state.textContent = `● Recording${who ? " (" + who + ")" : ""}: ${recording.readings} readings`;
  } else if (recording.state === "waiting") {
    state.textContent = "● Waiting for the first reading…";
  } else if (!state.dataset.saved) {
    state.textContent = "Not recording";
  }
}

function startRecording(event) {
  event.preventDefault();
  const body = { label: $("label").value };
  if ($("hand").value) body.hand = $("hand").value;
  if ($("subject").value) body.subject = $("subject").value;
  delete $("record-state").dataset.saved;
  post("api/record/start", body).then(showRecording).catch((error) => notice(error.message, true));
}

function stopRecording() {
  post("api/record/stop").then((session) => {
    const state = $("record-state");
    state.dataset.saved = "1";
    state.textContent = `Saved session ${session.id}: peak ${format(session.peak, session.unit)} ${session.unit}, ` +
      `${session.rep_list.length} rep${session.rep_list.length === 1 ? "" : "s"}, ${session.duration.toFixed(1)} s`;
    showRecording({ state: "idle" });
    loadHistory();
  }).catch((error) => notice(error.message, true));
}

// MARK: the guided standard protocol (the same GuidedProtocol as `record --protocol standard`)

// `protocols`: the list `/api/protocols` gives (the one `record --protocol` takes); `label`: the running one's.
const guided = { attempts: -1, cue: "", protocols: [], label: "Standard", applied: "standard" };

function chosenProtocol() {
  return guided.protocols.find((known) => known.name === $("guided-protocol").value);
}

// The picker's protocol sets the form: its trials and rest, and the fields it lets be chosen.
function applyProtocol() {
  const chosen = chosenProtocol();
  if (!chosen) return;
  $("guided-protocol-about").textContent = `${chosen.summary} (${chosen.title}); each attempt is saved with the label above.`;
  const trials = $("guided-trials");
  const rest = $("guided-rest");
  trials.disabled = !chosen.overrides.includes("trials");
  rest.disabled = !chosen.overrides.includes("rest");
  rest.min = String(chosen.rest_min);
  rest.max = String(chosen.rest_max);
  // The trials it may run: 1 to 5 for standard, 2 to 30 for intermittent, …
  const choices = [];
  for (let count = chosen.trials_min; count <= chosen.trials_max; count++) choices.push(String(count));
  if ([...trials.options].map((option) => option.value).join() !== choices.join()) {
    const kept = trials.value;
    trials.replaceChildren(...choices.map((count) => {
      const option = document.createElement("option");
      option.value = option.textContent = count;
      return option;
    }));
    trials.value = choices.includes(kept) ? kept : String(chosen.trials_per_hand);
  }
  // A choice made before the list arrived stays: the values change only with the protocol.
  if (guided.applied === chosen.name) return;
  guided.applied = chosen.name;
  trials.value = String(chosen.trials_per_hand);
  rest.value = String(chosen.rest);
}

function loadProtocols() {
  getJSON("api/protocols").then((list) => {
    guided.protocols = list.protocols;
    const picker = $("guided-protocol");
    const current = picker.value;
    picker.replaceChildren();
    for (const known of list.protocols) {
      const option = document.createElement("option");
      option.value = known.name;
      option.textContent = known.label;
      option.selected = known.name === current;
      picker.appendChild(option);
    }
    applyProtocol();
  }).catch((error) => notice(error.message, true));
}

// Trials are numbered per hand, as the saved sessions and `record --protocol standard` number them.
function trialText(event) {
  return `trial ${event.hand_trial}/${event.trials_per_hand} (${event.hand} hand)`;
}

// Why a still handle is not cued (the protocol never cues a loaded one), and what to do.
function holdupText(holdup, unit) {
  if (!holdup) return "";
  if (holdup.reason === "loaded") {
    return `Waiting: the handle reads ${format(holdup.force, unit)} ${unit}. Let go of it; if nothing is on it, `
      + "stop the protocol and tare.";
  }
  return `Waiting: the handle rests at ${Math.round(holdup.raw)} raw. Without a calibration or tare an empty handle `
    + "cannot be told from a loaded one: squeeze once and let go, or stop the protocol and tare.";
}

function stepText(event) {
  const of = event.practice ? `Practice trial ${event.hand_trial}/${event.practice_per_hand}`
    : `Trial ${event.hand_trial}/${event.trials_per_hand}`;
  return `${of} · ${event.hand} hand` +
    (event.attempt > 1 ? ` · attempt ${event.attempt}` : "");
}

// The cue is read out once when it changes; the countdown and live force beside it are not.
function setCue(text, count) {
  if (guided.cue !== text) { guided.cue = text; $("guided-say").textContent = text; }
  $("guided-count").textContent = count || "";
}

function showGuided(event) {
  const box = $("guided");
  const running = event.phase !== "finished";
  box.hidden = false;
  box.className = "guided " + event.phase;
  $("guided-stop").hidden = !running;
  $("guided-close").hidden = running;
  const unit = event.unit;
  if (event.protocol_label) guided.label = event.protocol_label;
  let step = `${guided.label} protocol`;
  let detail = "";
  switch (event.phase) {
    case "waiting":
      setCue("Waiting for the GripFit…");
      break;
    case "settle":
      step = stepText(event);
      setCue("Let go and hold the handle still…");
      detail = holdupText(event.holdup, unit);
      break;
    case "squeeze":
      step = stepText(event);
      setCue("Squeeze now");
      detail = event.force === null ? (event.practice ? event.practice_cue : event.cue) || "as hard as you can, then let go"
        : `${liveFormat(event.force, unit)} ${unit} · peak ${format(event.peak, unit)} ${unit}`;
      break;
    case "rest":
      setCue("Rest", `${event.remaining} s`);
      detail = `before ${trialText(event)}`;
      break;
    case "finished":
      step = `${guided.label} protocol ${event.stopped ? "stopped" : "finished"}`;
      setCue(event.error ? event.error : event.summary.hands.left || event.summary.hands.right ? "Results" : "No trial counted");
      break;
  }
  $("guided-step").textContent = step;
  $("guided-detail").textContent = detail;
  const flags = $("guided-flags");
  flags.replaceChildren();
  for (const attempt of event.attempts) {
    if (attempt.flag === null) continue;
    const item = document.createElement("li");
    item.textContent = `Trial ${attempt.hand_trial} (${attempt.hand} hand), attempt ${attempt.attempt} not counted: ${attempt.flag}`;
    flags.appendChild(item);
  }
  $("guided-summary").hidden = event.phase !== "finished";
  if (event.phase === "finished") {
    showGuidedSummary(event.summary, unit, event.trials_per_hand);
    // The run is over on the server: the buttons are free for the next patient at once.
    showRecording({ state: "idle" });
    refreshStatus();
    // Its attempts are filed under one assessment: its figures against the norms, and its report.
    getJSON("api/status").then((status) => {
      if (status.recording.assessment) showAssessment(status.recording.assessment);
    }).catch(() => {});
  }
  // Each ended attempt is saved to the history as it ends.
  if (event.attempts.length !== guided.attempts) {
    if (guided.attempts >= 0 && event.attempts.length > 0) loadHistory();
    guided.attempts = event.attempts.length;
  }
}

function showGuidedSummary(summary, unit, perHand) {
  const body = $("guided-hands");
  body.replaceChildren();
  for (const hand of ["right", "left"]) {
    const row = document.createElement("tr");
    const result = summary.hands[hand];
    cell(row, hand === "right" ? "Right" : "Left");
    if (result) {
      cell(row, `${format(result.best, unit)} ${unit} (trial ${result.best_trial})`);
      cell(row, `${format(result.mean, unit)} ${unit}`);
      const count = result.trials.length;
      cell(row, `${count} of ${perHand} (trial${count === 1 ? "" : "s"} ${result.trials.join(", ")})`);
    } else {
      cell(row, "–");
      cell(row, "–");
      cell(row, `0 of ${perHand}`);
    }
    body.appendChild(row);
  }
  const difference = summary.difference;
  $("guided-difference").textContent = difference
    ? `Left/right difference: ${difference.percent.toFixed(1)} % (${difference.stronger} stronger, relative to the stronger hand's best)`
    : "Left/right difference: needs a counted trial for each hand";
  $("guided-missed").textContent = summary.missed.length
    ? "No counted attempt for " + summary.missed.map((missed) => `${missed.hand} trial ${missed.trial}`).join(", ") : "";
}

// An assessment as it reports itself (api/assessments/ID): the protocol named with its version and
// source, each figure with the statistic that made it (a caveat and its source where a figure has
// one), and each attempt's force–time measures for a protocol that holds a grip. The page knows no
// protocol: every word comes from the assessment's data. The result card and the History tab share it.
function renderFigures(container, assessment) {
  const about = assessment.protocol;
  const title = document.createElement("p");
  title.className = "protocol-title";
  title.textContent = `${about.label} (${about.title})`;
  const parts = [title];
  if (about.source) {
    const source = document.createElement("p");
    source.className = "protocol-source";
    source.textContent = "Protocol: " + about.source;
    parts.push(source);
  }
  const table = document.createElement("table");
  table.className = "figures";
  const head = document.createElement("tr");
  for (const name of ["Figure", "Value", "Statistic"]) {
    const th = document.createElement("th");
    th.scope = "col";
    th.textContent = name;
    head.appendChild(th);
  }
  const thead = document.createElement("thead");
  thead.appendChild(head);
  const body = document.createElement("tbody");
  const notes = [];
  for (const figure of assessment.figures) {
    const row = document.createElement("tr");
    row.dataset.name = figure.name;
    row.dataset.hand = figure.hand || "";
    if (typeof figure.value === "number") row.dataset.value = String(figure.value);
    cell(row, figure.name, "figure-name");
    cell(row, figure.missing ? figure.missing : figure.text, figure.missing ? "figure-value missing" : "figure-value");
    cell(row, figure.statistic + (figure.compared_with ? `; ${figure.compared_with}` : ""), "figure-statistic");
    body.appendChild(row);
    // One caveat for the figures that share it (the REG ratio of each hand).
    const note = figure.caveat ? `${figure.name}: ${figure.caveat}. Source: ${figure.source}.` : null;
    if (note && !notes.includes(note)) notes.push(note);
  }
  table.append(thead, body);
  parts.push(table);
  for (const note of notes) {
    const item = document.createElement("p");
    item.className = "figure-caveat";
    item.textContent = note;
    parts.push(item);
  }
  if (assessment.trials.length) {
    const list = document.createElement("ul");
    list.className = "trial-measures";
    list.setAttribute("aria-label", "Each attempt's force–time measures");
    for (const trial of assessment.trials) {
      const item = document.createElement("li");
      item.dataset.hand = trial.hand;
      item.textContent = `${trial.hand} trial ${trial.trial}` + (trial.attempt > 1 ? ` attempt ${trial.attempt}` : "") +
        `: ${trial.text}` + (trial.flag ? ` (not counted: ${trial.flag})` : "") +
        (trial.measures.length ? " — " + trial.measures.join(", ") : "");
      list.appendChild(item);
    }
    parts.push(list);
  }
  container.replaceChildren(...parts);
}

function fillLines(list, assessment) {
  list.replaceChildren();
  for (const line of assessment.lines) {
    const item = document.createElement("li");
    item.textContent = line.text;
    list.appendChild(item);
  }
}

function showAssessment(id) {
  getJSON(`api/assessments/${encodeURIComponent(id)}`).then((assessment) => {
    renderFigures($("guided-figures"), assessment);
    fillLines($("guided-lines"), assessment);
    // As the CLI prints it, when the subject's dominant hand is left or right.
    $("guided-ratio").textContent = typeof assessment.dominance_ratio === "number"
      ? `Dominant/non-dominant ratio: ${assessment.dominance_ratio.toFixed(2)} (dominant hand: ${assessment.dominant})` : "";
    const link = $("guided-report");
    link.href = assessment.report;
    link.textContent = `Report A${assessment.id}` + (assessment.subject ? ` (${assessment.subject})` : "");
    $("guided-assessment").hidden = false;
  }).catch((error) => notice(error.message, true));
}

// With no subject picked the page asks first: pick one, or run it for no subject on purpose.
function askForSubject(open) {
  $("guided-who").hidden = !open;
  if (open) {
    $("guided-who").scrollIntoView({ block: "nearest" });
    $("guided-anonymous").focus();
  }
}

function startGuided(event) {
  event.preventDefault();
  if (!$("subject").value && event.type === "submit") { askForSubject(true); return; }
  askForSubject(false);
  const chosen = chosenProtocol();
  const body = { protocol: $("guided-protocol").value, label: $("label").value };
  // Only what the protocol lets be chosen: the server refuses the rest, naming the protocol.
  if (!chosen || chosen.overrides.includes("trials")) body.trials = Number($("guided-trials").value);
  if (!chosen || chosen.overrides.includes("rest")) body.rest = Number($("guided-rest").value);
  guided.label = chosen ? chosen.label : "Standard";
  if ($("hand").value) body.hand = $("hand").value;
  if ($("subject").value) body.subject = $("subject").value;
  delete $("record-state").dataset.saved;
  guided.attempts = 0;
  $("guided-assessment").hidden = true;
  $("guided-ratio").textContent = "";
  post("api/record/start", body).then((started) => {
    showGuided(started);
    showRecording({ state: "guided" });
    $("guided-stop").focus();
    $("guided").scrollIntoView({ block: "nearest" });
  }).catch((error) => notice(error.message, true));
}

function stopGuided() {
  post("api/record/stop").then((stopped) => {
    showGuided(stopped);
    showRecording({ state: "idle" });
    $("guided-close").focus();
  }).catch((error) => notice(error.message, true));
}

function setUpGuided() {
  $("guided-protocol").addEventListener("change", applyProtocol);
  loadProtocols();
  $("guided-form").addEventListener("submit", startGuided);
  $("guided-anonymous").addEventListener("click", startGuided);
  $("guided-who-cancel").addEventListener("click", () => { askForSubject(false); $("subject").focus(); });
  $("guided-stop").addEventListener("click", stopGuided);
  $("guided-close").addEventListener("click", () => { $("guided").hidden = true; $("guided-start").focus(); });
}

// MARK: history

function cell(row, text, className) {
  const td = document.createElement("td");
  td.textContent = text;
  if (className) td.className = className;
  row.appendChild(td);
  return td;
}

// A row's "Open" button; `label` says what it opens, for a screen reader.
function openButton(label, open) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "secondary";
  button.textContent = "Open";
  button.setAttribute("aria-label", label);
  button.addEventListener("click", open);
  return button;
}

// The history comes a page at a time, newest first: a long history opens as fast as a short one.
const historyPage = 50;
// The trend charts the most recent sessions, as many as one request may ask for.
const trendLimit = 500;

// The history and the trend follow the subject picked: `&subject=CODE`, or nothing for everyone's.
function subjectQuery() {
  const code = $("subject").value;
  return code ? `&subject=${encodeURIComponent(code)}` : "";
}

function loadHistory() {
  const body = document.querySelector("#sessions tbody");
  const code = $("subject").value;
  $("history-subject").textContent = code ? ` for ${code}` : "";
  loadAssessments();
  getJSON(`api/sessions?limit=${historyPage}${subjectQuery()}`).then((page) => {
    body.replaceChildren();
    $("no-sessions").hidden = page.sessions.length > 0;
    showSessions(page);
  }).catch((error) => notice(error.message, true));
  loadTrend();
}

// The clinical history: the assessments (the subject's when one is picked), newest first, each with
// its best grip per hand, centile, trial consistency and report.
function loadAssessments() {
  const code = $("subject").value;
  $("assessments-subject").textContent = code ? ` for ${code}` : "";
  getJSON(`api/assessments?${subjectQuery().slice(1)}`).then((list) => {
    const body = document.querySelector("#assessments tbody");
    body.replaceChildren();
    for (const assessment of list.assessments) {
      const row = document.createElement("tr");
      row.dataset.id = assessment.id;
      cell(row, assessment.name, "name");
      // Beside its name, so a narrow screen shows it without scrolling the table.
      const link = document.createElement("a");
      link.href = assessment.report;
      link.target = "_blank";
      link.rel = "noopener";
      link.textContent = "Report";
      link.setAttribute("aria-label", `Report ${assessment.name}`);
      cell(row, "", "report").appendChild(link);
      cell(row, localTime(assessment.start));
      cell(row, assessment.subject || "none", "subject");
      for (const hand of ["right", "left"]) {
        const figures = assessment[hand];
        cell(row, typeof figures.best === "number" ? `${format(figures.best, assessment.unit)} ${assessment.unit}` : "–", hand);
      }
      cell(row, assessment.centile, "centile");
      const consistency = cell(row, "", "consistency");
      for (const line of assessment.consistency) {
        const item = document.createElement("div");
        item.textContent = line.text.replace(/^trial consistency,?\s*/, "");
        consistency.appendChild(item);
      }
      cell(row, "", "open").appendChild(openButton(`Open assessment ${assessment.name}`, () => openAssessment(assessment.id)));
      body.appendChild(row);
    }
    $("no-assessments").hidden = list.assessments.length > 0;
    $("assessments-more").hidden = list.total <= list.assessments.length;
    $("assessments-more").textContent = `The newest ${list.assessments.length} of ${list.total}: pick a subject for theirs.`;
  }).catch((error) => notice(error.message, true));
}

// One assessment in the History tab, as the result card shows it after the run.
function openAssessment(id) {
  getJSON(`api/assessments/${encodeURIComponent(id)}`).then((assessment) => {
    for (const row of document.querySelectorAll("#assessments tbody tr")) {
      row.classList.toggle("selected", row.dataset.id === String(id));
    }
    $("assessment").hidden = false;
    $("assessment-title").textContent = `Assessment A${assessment.id}` + (assessment.subject ? ` (${assessment.subject})` : "") +
      `, ${assessment.date}`;
    renderFigures($("assessment-figures"), assessment);
    fillLines($("assessment-lines"), assessment);
    $("assessment-report").href = assessment.report;
    $("assessment-report").textContent = `Report A${assessment.id}`;
    $("assessment").scrollIntoView({ behavior: "smooth", block: "start" });
  }).catch((error) => notice(error.message, true));
}

// A session's place in a protocol: "standard, trial 2 (A1)", and whether its attempt was not counted.
function protocolText(session) {
  if (!session.protocol) return "–";
  return session.protocol + (session.trial ? `, trial ${session.trial}` : "") +
    (session.attempt > 1 ? `, attempt ${session.attempt}` : "") + (session.assessment ? ` (${session.assessment})` : "") +
    (session.flag ? `, not counted: ${session.flag}` : "");
}

// The next page, older than the oldest row shown.
function loadOlderSessions() {
  const rows = document.querySelectorAll("#sessions tbody tr");
  if (rows.length === 0) return;
  const oldest = rows[rows.length - 1].dataset.id;
  $("older-sessions").disabled = true;
  getJSON(`api/sessions?limit=${historyPage}&before=${encodeURIComponent(oldest)}${subjectQuery()}`).then(showSessions)
    .catch((error) => notice(error.message, true))
    .finally(() => { $("older-sessions").disabled = false; });
}

function showSessions(page) {
  const body = document.querySelector("#sessions tbody");
  for (const session of page.sessions) {
    const row = document.createElement("tr");
    row.dataset.id = session.id;
    cell(row, String(session.id));
    cell(row, localTime(session.started_at));
    cell(row, session.subject || "–", "subject");
    cell(row, session.hand || "–", "hand");
    cell(row, protocolText(session), "protocol");
    cell(row, `${format(session.peak, session.unit)} ${session.unit}`);
    // A mean inside reps is no figure when there were none.
    cell(row, session.reps ? `${format(session.mean, session.unit)} ${session.unit}` : "–");
    cell(row, String(session.reps));
    cell(row, `${session.duration.toFixed(1)} s`);
    cell(row, session.label || "", "label");
    cell(row, "").appendChild(openButton(`Open session ${session.id}`, () => openSession(session.id)));
    body.appendChild(row);
  }
  $("older-sessions").hidden = !page.more;
}

function openSession(id) {
  getJSON(`api/sessions/${id}`).then((session) => {
    for (const row of document.querySelectorAll("#sessions tbody tr")) row.classList.toggle("selected", row.dataset.id === String(id));
    $("session").hidden = false;
    $("session-title").textContent = `Session ${session.id}`;
    const unit = session.unit;
    const facts = [
      ["Started", localTime(session.started_at)],
      ["Device", visible(session.device) + (session.firmware ? ", firmware " + visible(session.firmware) : "")],
      ["Subject", session.subject || "–"],
      ["Hand", session.hand || "–"],
      ["Protocol", protocolText(session)],
      ["Label", session.label || "–"],
      ["Peak", `${format(session.peak, unit)} ${unit} at ${session.peak_time.toFixed(2)} s`],
      ["Mean (in reps)", session.rep_list.length ? `${format(session.mean, unit)} ${unit}`
        : `none: no reps (nothing above ${format(session.threshold, unit)} ${unit})`],
      ["Time to peak", `${session.time_to_peak.toFixed(2)} s`],
      ["Peak RFD", `${format(session.peak_rfd, unit)} ${unit}/s`],
      ["Impulse", `${format(session.impulse, unit)} ${unit}·s`],
      ["Duration", `${session.duration.toFixed(2)} s (active ${session.active_duration.toFixed(2)} s)`],
      ["Readings", String(session.readings) + (session.gaps ? `, ${session.gaps} link gaps` : "")],
    ];
    const summary = $("session-summary");
    summary.replaceChildren();
    for (const [name, value] of facts) {
      const group = document.createElement("div");
      const term = document.createElement("dt");
      const detail = document.createElement("dd");
      term.textContent = name;
      detail.textContent = value;
      group.append(term, detail);
      summary.appendChild(group);
    }
    const reps = document.querySelector("#reps tbody");
    reps.replaceChildren();
    session.rep_list.forEach((rep, index) => {
      const row = document.createElement("tr");
      cell(row, String(index + 1) + (rep.interrupted ? " (cut short)" : ""));
      cell(row, rep.start.toFixed(2));
      cell(row, rep.duration.toFixed(2));
      cell(row, `${format(rep.peak, unit)} ${unit}`);
      cell(row, `${format(rep.mean, unit)} ${unit}`);
      cell(row, `${format(rep.impulse, unit)} ${unit}·s`);
      reps.appendChild(row);
    });
    $("session-plot").src = `api/sessions/${id}/plot.svg`;
    $("export-csv").href = `api/sessions/${id}/export.csv`;
    $("export-json").href = `api/sessions/${id}/export.json`;
    $("export-svg").href = `api/sessions/${id}/plot.svg`;
    $("session").scrollIntoView({ behavior: "smooth", block: "start" });
  }).catch((error) => notice(error.message, true));
}

function loadTrend() {
  getJSON(`api/trend?limit=${trendLimit}${subjectQuery()}`).then(drawTrend).catch(() => {});
}

function drawTrend(sessions) {
  const canvas = $("trend");
  if (canvas.offsetParent === null) return;
  const ratio = sizeCanvas(canvas);
  const context = canvas.getContext("2d");
  const width = canvas.width, height = canvas.height;
  context.clearRect(0, 0, width, height);
  context.font = `${12 * ratio}px system-ui, sans-serif`;
  context.fillStyle = "#5d6d7e";
  if (sessions.length === 0) {
    context.fillText("No sessions yet", 16 * ratio, 24 * ratio);
    return;
  }
  // One unit per chart: the newest session's; sessions in another unit are left out and counted.
  const unit = sessions[sessions.length - 1].unit;
  const shown = sessions.filter((session) => session.unit === unit);
  const left = 48 * ratio, right = 16 * ratio, top = 14 * ratio, bottom = 24 * ratio;
  const times = shown.map((session) => Date.parse(session.started_at));
  const first = Math.min(...times), last = Math.max(...times);
  const span = Math.max(last - first, 1);
  let high = Math.max(...shown.map((session) => session.peak), unit === "raw" ? 1000 : 5);
  const step = niceStep(high);
  high = Math.ceil(high / step) * step;
  const x = (time) => shown.length === 1 ? (left + width - right) / 2 : left + (time - first) / span * (width - left - right);
  const y = (value) => top + (1 - value / high) * (height - top - bottom);
  context.strokeStyle = "#e3e8ed";
  context.textAlign = "right";
  context.textBaseline = "middle";
  for (let value = 0; value <= high + step / 2; value += step) {
    context.beginPath();
    context.moveTo(left, y(value));
    context.lineTo(width - right, y(value));
    context.stroke();
    context.fillText(tick(value, unit, step), left - 6 * ratio, y(value));
  }
  context.textAlign = "left";
  context.textBaseline = "top";
  context.fillText(`${localTime(new Date(first)).slice(0, 10)} – ${localTime(new Date(last)).slice(0, 10)} (${unit})` +
    (shown.length < sessions.length ? `; ${sessions.length - shown.length} in another unit not shown` : ""),
    left, height - bottom + 6 * ratio);
  const colours = { right: "#1f6feb", left: "#d4570b", none: "#7a869a" };
  for (const hand of ["right", "left", "none"]) {
    const points = shown.filter((session) => (session.hand || "none") === hand);
    if (points.length === 0) continue;
    context.strokeStyle = colours[hand];
    context.fillStyle = colours[hand];
    context.lineWidth = 2 * ratio;
    context.beginPath();
    points.forEach((session, index) => {
      const px = x(Date.parse(session.started_at)), py = y(session.peak);
      if (index === 0) context.moveTo(px, py); else context.lineTo(px, py);
    });
    context.stroke();
    for (const session of points) {
      context.beginPath();
      context.arc(x(Date.parse(session.started_at)), y(session.peak), 4 * ratio, 0, 2 * Math.PI);
      context.fill();
    }
  }
}

// MARK: choosing a GripFit (BRIDGE:SCAN and BRIDGE:PIN, as `scan` and `--device` do)

// The list is fetched when the event stream opens and again when a bridge or session event may
// have changed it (a GripFit found, a link made or lost, the dongle unplugged): no timer. One request at a time; events arriving
// meanwhile ask for one more, so a scan's burst of B:FOUND costs two requests, not one each.
const BRIDGE_CHANGES = new Set(["found", "scanning", "connecting", "connected", "disconnected", "not-found", "status"]);
const deviceRequest = { busy: false, again: false };

function refreshDevices() {
  if (deviceRequest.busy) { deviceRequest.again = true; return; }
  deviceRequest.busy = true;
  getJSON("api/devices").then(showDevices).catch(() => {}).finally(() => {
    deviceRequest.busy = false;
    if (deviceRequest.again) { deviceRequest.again = false; refreshDevices(); }
  });
}

function deviceRow(address) {
  const item = document.createElement("li");
  item.dataset.address = address;
  const text = document.createElement("span");
  text.className = "device-text";
  const name = document.createElement("span");
  name.className = "device-name";
  const detail = document.createElement("span");
  detail.className = "device-detail";
  text.append(name, detail);
  const button = document.createElement("button");
  button.type = "button";
  button.className = "secondary";
  button.setAttribute("aria-label", `Use the GripFit ${address}`);
  // aria-disabled rather than disabled: the chosen row's button keeps the keyboard focus.
  button.addEventListener("click", () => { if (button.getAttribute("aria-disabled") !== "true") pin(address); });
  item.append(text, button);
  return item;
}

function showDevices(devices) {
  // Offered once the bridge has seen more than one GripFit, or while one is pinned (so it can be unpinned).
  $("choose-device").hidden = devices.found.length < 2 && devices.pinned === null;
  const list = $("device-list");
  const rows = new Map([...list.children].map((item) => [item.dataset.address, item]));
  // Sorted by address, and rows updated in place, so the list does not jump under the user's focus.
  const found = [...devices.found].sort((a, b) => a.address.localeCompare(b.address));
  found.forEach((device, index) => {
    const item = rows.get(device.address) || deviceRow(device.address);
    rows.delete(device.address);
    const here = device.address === devices.address;
    const link = here && devices.link === "connected" ? " · connected" : here && devices.link === "connecting" ? " · connecting…" : "";
    const chosen = devices.pinned === device.address;
    item.querySelector(".device-name").textContent = visible(device.name);
    item.querySelector(".device-detail").textContent = `${device.address} · ${device.rssi} dBm${link}`;
    item.classList.toggle("current", link !== "");
    item.lastChild.textContent = chosen ? "Chosen" : "Use this one";
    item.lastChild.setAttribute("aria-disabled", String(chosen));
    if (list.children[index] !== item) list.insertBefore(item, list.children[index] || null);
  });
  for (const stale of rows.values()) stale.remove();
  $("pin-any").setAttribute("aria-pressed", String(devices.pinned === "any"));
}

function pin(address) {
  post("api/devices/pin", { address: address })
    .then(() => notice(address === "any" ? "Connecting to any GripFit…" : `Connecting to ${address}…`))
    .then(refreshDevices)
    .catch((error) => notice(error.message, true));
}

function toggleDevices(open) {
  $("devices").hidden = !open;
  $("choose-device").setAttribute("aria-expanded", String(open));
  if (open) $("scan").focus();
}

// MARK: tabs and start-up

// MARK: subjects

// The picker from `subject list`'s data; `keep` is the code to leave picked (the server's
// `dashboard --subject` choice the first time).
function loadSubjects(keep) {
  return getJSON("api/subjects").then((list) => {
    const select = $("subject");
    const chosen = keep === undefined ? list.selected : keep;
    const none = document.createElement("option");
    none.value = "";
    none.textContent = "No subject";
    const options = [none];
    for (const subject of list.subjects) {
      const option = document.createElement("option");
      option.value = subject.code;
      const facts = [subject.sex, subject.birth ? "born " + subject.birth : null,
        subject.dominant ? subject.dominant + "-handed" : null].filter(Boolean);
      option.textContent = subject.code + (facts.length ? " (" + facts.join(", ") + ")" : "");
      options.push(option);
    }
    select.replaceChildren(...options);
    select.value = chosen && list.subjects.some((subject) => subject.code === chosen) ? chosen : "";
  }).catch((error) => notice(error.message, true));
}

function toggleNewSubject(open) {
  $("subject-form").hidden = !open;
  $("subject-new").setAttribute("aria-expanded", String(open));
  $("new-error").textContent = "";
  if (open) $("new-code").focus();
}

// The server checks every fact (as `subject add` does) and its message is shown as it is.
function addSubject(event) {
  event.preventDefault();
  const body = { code: $("new-code").value.trim() };
  if ($("new-sex").value) body.sex = $("new-sex").value;
  if ($("new-dominant").value) body.dominant = $("new-dominant").value;
  const birth = $("new-birth").value.trim();
  if (/^[0-9]{1,4}$/.test(birth)) body.birth_year = Number(birth); else if (birth) body.birth_date = birth;
  post("api/subjects", body).then((subject) => {
    toggleNewSubject(false);
    $("subject-new").focus();
    for (const id of ["new-code", "new-sex", "new-birth", "new-dominant"]) $(id).value = "";
    return loadSubjects(subject.code).then(() => notice(`Subject ${subject.code} added`));
  }).catch((error) => { $("new-error").textContent = error.message; });
}

function setUpSubjects() {
  $("subject-new").addEventListener("click", () => toggleNewSubject($("subject-form").hidden));
  $("new-cancel").addEventListener("click", () => { toggleNewSubject(false); $("subject-new").focus(); });
  $("subject-form").addEventListener("submit", addSubject);
  $("subject").addEventListener("change", () => {
    if ($("subject").value) askForSubject(false);
    if (!$("history").hidden) loadHistory();
  });
  loadSubjects();
}

// MARK: roles

// The token's role, from api/whoami: controls marked data-role with a higher role are hidden (the
// server refuses their requests anyway, with a 403 naming the role they need). body's data-role
// says the page has applied it.
const ROLES = ["viewer", "clinician", "admin"];

function applyRole(who) {
  const rank = ROLES.indexOf(who.role);
  for (const element of document.querySelectorAll("[data-role]")) {
    element.classList.toggle("not-for-role", ROLES.indexOf(element.dataset.role) > rank);
  }
  const badge = $("whoami");
  badge.textContent = who.name ? `${who.name} (${who.role})` : "";
  badge.hidden = !who.name;
  document.body.dataset.role = who.role;
}

// Erasing is `subject forget`: the code is typed again to confirm, as the command asks.
function eraseSubject() {
  const code = $("subject").value;
  if (!code) { notice("Pick the subject to erase first", true); return; }
  const typed = window.prompt(`This erases subject ${code}, their sessions and assessments, for good. Type the code again to confirm:`);
  if (typed === null) return;
  if (typed.trim().toLowerCase() !== code.toLowerCase()) { notice("Not confirmed: nothing was erased", true); return; }
  fetch("api/subjects/" + encodeURIComponent(code), { method: "DELETE" }).then(async (response) => {
    if (!response.ok) throw new Error((await response.text()).trim() || response.statusText);
    return response.json();
  }).then((erased) => {
    notice(`Subject ${code} erased: ${erased.sessions} sessions, ${erased.assessments} assessments`);
    return loadSubjects("").then(loadHistory);
  }).catch((error) => notice(error.message, true));
}

function setUpRoles() {
  $("erase-subject").addEventListener("click", eraseSubject);
  getJSON("api/whoami").then(applyRole).catch((error) => notice(error.message, true));
}

function selectTab(name) {
  for (const tab of document.querySelectorAll(".tab")) {
    const selected = tab.getAttribute("aria-controls") === name;
    tab.setAttribute("aria-selected", String(selected));
    $(tab.getAttribute("aria-controls")).hidden = !selected;
  }
  if (name === "history") loadHistory();
}

function start() {
  $("tab-live").addEventListener("click", () => selectTab("live"));
  $("tab-history").addEventListener("click", () => selectTab("history"));
  $("older-sessions").addEventListener("click", loadOlderSessions);
  $("tare").addEventListener("click", () => {
    notice("Taring…");
    post("api/tare").catch((error) => notice(error.message, true));
  });
  $("reset-peak").addEventListener("click", () => {
    post("api/peak/reset").then(() => { live.peak = null; live.dirty = true; notice("Peak reset"); })
      .catch((error) => notice(error.message, true));
  });
  $("record-form").addEventListener("submit", startRecording);
  $("choose-device").addEventListener("click", () => toggleDevices($("devices").hidden));
  const closeDevices = () => { toggleDevices(false); $("choose-device").focus(); };
  $("close-devices").addEventListener("click", closeDevices);
  $("devices").addEventListener("keydown", (event) => { if (event.key === "Escape") closeDevices(); });
  $("pin-any").addEventListener("click", () => pin("any"));
  $("scan").addEventListener("click", () => {
    post("api/devices/scan").then(() => notice("Scanning…")).catch((error) => notice(error.message, true));
  });
  $("record-stop").addEventListener("click", stopRecording);
  window.addEventListener("resize", () => { if (!$("history").hidden) loadTrend(); });
  setUpRoles();
  setUpGuided();
  setUpSubjects();
  const events = new EventSource("api/events");
  events.onmessage = onEvent;
  events.onopen = () => { refreshDevices(); refreshStatus(); };
  events.onerror = () => setLink("usb", "no server", false);
  requestAnimationFrame(frame);
}

start();
