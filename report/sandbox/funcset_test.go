package sandbox

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/Masterminds/sprig/v3"

	"github.com/cachediff/cachediff/internal/listops"
)

// sprigNonHermetic is sprig v3.3.0's nonhermeticFunctions: what
// HermeticTxtFuncMap leaves out.
var sprigNonHermetic = []string{"date", "date_in_zone", "date_modify", "now", "htmlDate", "htmlDateInZone",
	"dateInZone", "dateModify", "randAlphaNum", "randAlpha", "randAscii", "randNumeric", "randBytes", "uuidv4",
	"env", "expandenv", "getHostByName"}

// templateFuncs is every function a template gets: sprig's hermetic set
// less unsafeFuncs, and cachediff's own. A sprig release that adds a
// function changes the set: review the new one before adding it here.
var templateFuncs = []string{
	"abbrev", "abbrevboth", "add", "add1", "add1f", "addf", "adler32sum", "all", "any", "append", "atoi",
	"b32dec", "b32enc", "b64dec", "b64enc", "base", "biggest", "camelcase", "cat", "ceil", "change", "chunk", "clean",
	"coalesce", "compact", "concat", "contains", "count", "deepCopy", "deepEqual", "default", "dict", "dig",
	"dir", "div", "divf", "duration", "empty", "env", "expandenv", "ext", "fail", "first", "float64", "floor",
	"fromJson", "get", "has", "hasKey", "hasPrefix", "hasSuffix", "hello", "htmlpkg", "htmltext", "indent",
	"initial", "initials", "int", "int64", "isAbs", "join", "kebabcase", "keys", "kindIs", "kindOf", "last",
	"list", "lower", "max", "maxf", "md", "mdpkg", "merge", "mergeOverwrite", "min", "minf", "minus", "mod",
	"mul", "mulf", "mustAppend", "mustChunk", "mustCompact", "mustDeepCopy", "mustFirst", "mustFromJson",
	"mustHas", "mustInitial", "mustLast", "mustMerge", "mustMergeOverwrite", "mustPrepend", "mustPush",
	"mustRegexFind", "mustRegexFindAll", "mustRegexMatch", "mustRegexReplaceAll", "mustRegexReplaceAllLiteral",
	"mustRegexSplit", "mustRest", "mustReverse", "mustSlice", "mustToJson", "mustToPrettyJson",
	"mustToRawJson", "mustUniq", "mustWithout", "news", "nindent", "nospace", "omit", "paint", "pick", "pkgdetails", "pkgurl",
	"plain", "pluck", "plural", "prepend", "push", "quote", "regexFind", "regexFindAll", "regexMatch",
	"regexQuoteMeta", "regexReplaceAll", "regexReplaceAllLiteral", "regexSplit", "repeat", "replace", "rest",
	"reverse", "round", "semver", "semverCompare", "seq", "set", "sha1sum", "sha256sum", "sha512sum",
	"short", "signed", "slice", "snakecase", "sortAlpha", "split", "splitList", "splitn", "squote", "sub",
	"subf", "substr", "swapcase", "ternary", "title", "toDecimal", "toJson", "toPrettyJson", "toRawJson",
	"toString", "toStrings", "trim", "trimAll", "trimPrefix", "trimSuffix", "trimall", "trunc", "tuple",
	"typeIs", "typeIsLike", "typeOf", "uniq", "unset", "until", "untilStep", "untitle", "upper", "urlJoin",
	"urlParse", "values", "without", "wrap", "wrapWith",
}

// TestTemplateFuncSet checks the removed functions against sprig v3.3.0
// and pins the set templates get.
func TestTemplateFuncSet(t *testing.T) {
	hermetic := sprig.HermeticTxtFuncMap()
	full := sprig.TxtFuncMap()
	for _, name := range unsafeFuncs {
		if _, ok := full[name]; !ok {
			t.Errorf("unsafeFuncs names %s, which sprig does not have", name)
		}
	}
	for _, name := range sprigNonHermetic {
		if _, ok := hermetic[name]; ok {
			t.Errorf("sprig's hermetic set has %s", name)
		}
	}
	fm := funcs(nil)
	for _, name := range slices.Concat(unsafeFuncs, sprigNonHermetic) {
		if _, ok := fm[name]; ok && name != "env" && name != "expandenv" {
			t.Errorf("templates get %s", name)
		}
		if name == "env" || name == "expandenv" {
			continue
		}
		_, err := ParseTemplate("t.tmpl", "{{ "+name+" }}")
		if err == nil || !strings.Contains(err.Error(), `function "`+name+`" not defined`) {
			t.Errorf("{{ %s }}: %v", name, err)
		}
	}
	if got := slices.Sorted(maps.Keys(fm)); !slices.Equal(got, templateFuncs) {
		added, removed := listops.Minus(got, templateFuncs, nil), listops.Minus(templateFuncs, got, nil)
		t.Errorf("the template functions changed: new %q, gone %q", added, removed)
	}
}
