// The style sheet and the two small scripts every results page carries
// inline (nothing is fetched from elsewhere). Constants; thread-safe.

#ifndef TALLY_SERVER_HTTP_PAGE_STYLE_H_
#define TALLY_SERVER_HTTP_PAGE_STYLE_H_

namespace tally::server::http {

// Plain, readable on a phone: one column; on a narrow screen (a phone, 375
// px) each table row is stacked as a card of labelled cells (the td's
// data-label, html.cc TableHtml) that wrap, so nothing scrolls sideways.
inline constexpr char kPageStyle[] = R"css(
body{font:16px/1.45 system-ui,sans-serif;margin:0 auto;max-width:60em;padding:.5em 1em;color:#111;background:#fff}
nav{font-size:.9em;margin:.3em 0}h1{font-size:1.4em;margin:.3em 0}h2{font-size:1.15em}h3{font-size:1em}
a{color:#0645ad}.dim{color:#666}.note{background:#fff6d5;padding:.5em}
.scroll{overflow-x:auto}table{border-collapse:collapse;margin:.3em 0 1em}
th,td{border-bottom:1px solid #ddd;padding:.25em .5em;text-align:left;white-space:nowrap}
th{background:#f3f3f3;position:sticky;top:0}tbody tr:nth-child(even){background:#fafafa}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.1em 1em}dt{color:#555}dd{margin:0}
ul.links{padding-left:1.2em}.boards a{display:inline-block;min-width:2em}
footer{font-size:.8em;color:#555;border-top:1px solid #ddd;margin-top:2em;padding-top:.5em;word-break:break-all}
body.scoreboard{max-width:none;font-size:2.2vw}body.scoreboard .field{display:none}
body.scoreboard .field.shown{display:block}body.scoreboard td,body.scoreboard th{padding:.2em .8em}
dd,td,h1,h2,nav{overflow-wrap:anywhere}
@media (max-width:40em){body{padding:.4em .6em}body:not(.scoreboard) .scroll table,body:not(.scoreboard) .scroll tbody,body:not(.scoreboard) .scroll tr{display:block}
body:not(.scoreboard) .scroll thead{display:none}body:not(.scoreboard) .scroll tr{border-bottom:1px solid #ccc;padding:.3em 0}
body:not(.scoreboard) .scroll td{display:inline-block;border:0;padding:.05em .6em .05em 0;white-space:normal}
body:not(.scoreboard) .scroll td:empty{display:none}body:not(.scoreboard) .scroll td::before{content:attr(data-label) " ";color:#666;font-size:.8em}
dl{grid-template-columns:1fr}dt{margin-top:.3em}}
)css";

// Reloads the page once the log has moved past the event it was made
// from: a long poll of the server's "wait?after=N" (which answers when a
// later event is durable, or after 25 seconds with the same head).
// `root` (set before) leads from the page back to the server's root.
inline constexpr char kLiveScript[] = R"js(
(function(){var s=+document.body.dataset.sequence;function w(){fetch(root+"wait?after="+s).then(function(r){return r.json()}).then(function(j){if(j.sequence>s)location.reload();else w()},function(){setTimeout(w,5000)})}w()})();
)js";

// The venue scoreboard shows one field at a time, the next every 12 s.
inline constexpr char kScoreboardScript[] = R"js(
(function(){var f=document.querySelectorAll(".field"),i=0;function n(){if(!f.length)return;f.forEach(function(e){e.classList.remove("shown")});f[i%f.length].classList.add("shown");i++}n();setInterval(n,12000)})();
)js";

}  // namespace tally::server::http

#endif  // TALLY_SERVER_HTTP_PAGE_STYLE_H_
