package markdown_test

// This package's own tests render logs and reports in the other formats
// too (report.Lookup, report.NewLogWriter): report/builtin registers them
// all, and imports this package, which its internal tests cannot.
import _ "github.com/cachediff/cachediff/report/builtin"
