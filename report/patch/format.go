package patch

import "github.com/cachediff/cachediff/report"

// Format is the patch output format: a unified diff of each changed
// package's spec listing, which git apply and patch apply; coloured on a
// terminal, never just because the environment forces colour.
var Format = report.Format{Name: "patch", Doc: "unified diff of spec listings", Render: renderPatch, Terminal: true, Strict: true}
