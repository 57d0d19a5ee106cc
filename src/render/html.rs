//! A whole game as one self-contained HTML page: every position drawn as an
//! SVG frame, the trace embedded as JSON (the same JSON `sow trace --format
//! json` prints), inline CSS and a little script that steps through the
//! plies with buttons and the arrow keys (`page.html#ply=N` opens at ply N).
//! Nothing is fetched from a network.
//!
//! The page is also well-formed XML (closed tags, quoted attributes, the
//! script in a CDATA section), so XML tools can check it.

use std::fmt::Write;

use super::{position_svg, svg::esc, Frame, RenderError};
use crate::{
    engine::{Game, Width},
    trace::Trace,
};

const STYLE: &str = r#"
body { font-family: Helvetica, Arial, sans-serif; margin: 24px; color: #222; background: #fafafa; }
h1 { font-size: 22px; margin: 0 0 4px 0; overflow-wrap: anywhere; }
#result { margin: 0 0 16px 0; color: #444; }
#main { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }
#frames { min-width: 0; max-width: 100%; }
.frame svg { border: 1px solid #ddd; background: #fff; max-width: 100%; height: auto; box-sizing: border-box; }
#moves { position: relative; margin: 0; padding: 0 0 0 2.5em; max-height: 420px; overflow-y: auto; min-width: 12em; }
@media (max-width: 700px) { body { margin: 12px; } }
#moves li { cursor: pointer; padding: 1px 4px; }
#moves li.current { background: #ffd54f; font-weight: bold; }
#controls { margin: 12px 0; display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
#controls button { font-size: 15px; padding: 4px 10px; }
#where { min-width: 8em; text-align: center; }
.help { color: #666; font-size: 13px; }
"#;

const SCRIPT: &str = r#"//<![CDATA[
(function () {
  var trace = JSON.parse(document.getElementById('trace').textContent);
  var frames = Array.prototype.slice.call(document.querySelectorAll('.frame'));
  var list = document.getElementById('moves');
  var last = frames.length - 1;
  var ply = 0;
  trace.plies.forEach(function (p) {
    var li = document.createElement('li');
    li.textContent = p.player + ' ' + p.move + (p.captured ? '  (+' + p.captured + ')' : '');
    li.addEventListener('click', function () { show(p.ply); });
    list.appendChild(li);
  });
  var items = Array.prototype.slice.call(list.children);
  var result = trace.result;
  document.getElementById('result').textContent = result
    ? 'Result: ' + ({ draw: 'a draw', none: 'no winner' }[result.winner] || result.winner + ' wins') + ', '
      + result.scores[0] + ' - ' + result.scores[1] + ' (' + result.end.replace(/_/g, ' ') + ') after '
      + trace.plies.length + ' plies'
    : 'The game goes on after ' + trace.plies.length + ' plies';
  function show(n) {
    ply = Math.max(0, Math.min(last, n));
    frames.forEach(function (f, i) { f.hidden = i !== ply; });
    items.forEach(function (li, i) { li.classList.toggle('current', i + 1 === ply); });
    var current = items[ply - 1];
    // Scroll the list only (scrollIntoView would also scroll the page sideways).
    if (current) {
      if (current.offsetTop < list.scrollTop) { list.scrollTop = current.offsetTop; }
      var bottom = current.offsetTop + current.offsetHeight - list.clientHeight;
      if (bottom > list.scrollTop) { list.scrollTop = bottom; }
    }
    document.getElementById('where').textContent = 'ply ' + ply + ' of ' + last;
  }
  document.getElementById('first').addEventListener('click', function () { show(0); });
  document.getElementById('prev').addEventListener('click', function () { show(ply - 1); });
  document.getElementById('next').addEventListener('click', function () { show(ply + 1); });
  document.getElementById('end').addEventListener('click', function () { show(last); });
  document.addEventListener('keydown', function (e) {
    var to = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: last }[e.key];
    if (to !== undefined) { show(to); e.preventDefault(); }
  });
  var asked = /ply=(\d+)/.exec(location.hash);
  show(asked ? Number(asked[1]) : 0);
})();
//]]>"#;

/// The page for `trace`, whose positions are `frames` (from the start).
///
/// # Errors
/// Should the trace fail to serialise as JSON.
pub fn trace_html<W: Width>(
    game: &Game<W>,
    trace: &Trace,
    frames: &[Frame<W>],
) -> Result<String, RenderError> {
    let json = serde_json::to_string(trace)?
        // Inside <script>: no `<` (so no `</script>`) and no `&` (for XML).
        .replace('<', "\\u003c")
        .replace('&', "\\u0026");
    let title = format!("{}: a game of {} plies", trace.variant, trace.plies.len());
    let mut s = String::new();
    s.push_str(
        "<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n",
    );
    s.push_str("<meta charset=\"utf-8\"/>\n");
    let _ = writeln!(s, "<title>{}</title>", esc(&title));
    let _ = writeln!(s, "<style>{STYLE}</style>\n</head>\n<body>");
    let _ = writeln!(s, "<h1>{}</h1>", esc(&title));
    s.push_str("<p id=\"result\"></p>\n<div id=\"controls\">\n");
    s.push_str("<button id=\"first\" title=\"start (Home)\">&#x25C0;&#x25C0; start</button>\n");
    s.push_str("<button id=\"prev\" title=\"back (left arrow)\">&#x25C0; back</button>\n");
    s.push_str("<span id=\"where\">ply 0</span>\n");
    s.push_str("<button id=\"next\" title=\"forward (right arrow)\">forward &#x25B6;</button>\n");
    s.push_str("<button id=\"end\" title=\"end (End)\">end &#x25B6;&#x25B6;</button>\n</div>\n");
    s.push_str("<div id=\"main\">\n<div id=\"frames\">\n");
    for frame in frames {
        let _ = write!(
            s,
            "<div class=\"frame\" data-ply=\"{}\"{}>\n{}</div>\n",
            frame.ply,
            if frame.ply == 0 {
                ""
            } else {
                " hidden=\"hidden\""
            },
            position_svg(game, frame)
        );
    }
    s.push_str("</div>\n<ol id=\"moves\"></ol>\n</div>\n");
    s.push_str("<p class=\"help\">Left and right arrows step one ply; Home and End jump to the start and the end; click a move to jump to it.</p>\n");
    let _ = writeln!(
        s,
        "<script type=\"application/json\" id=\"trace\">{json}</script>"
    );
    let _ = writeln!(s, "<script>{SCRIPT}</script>\n</body>\n</html>");
    Ok(s)
}
