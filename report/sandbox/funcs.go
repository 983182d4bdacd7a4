package sandbox

import (
	"fmt"
	"maps"
	"slices"
	"text/template"

	"github.com/Masterminds/sprig/v3"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/report"
)

// unsafeFuncs are sprig functions that its hermetic set (v3.3.0) keeps but
// that are not repeatable (randomness, the clock, the local time zone),
// depend on the host (its path separator), or that a template run next to
// CI secrets has no business calling. Sprig's own non-hermetic list (date,
// now, randAlpha, env, getHostByName, ...) is gone already; uuidv4 and
// getHostByName are named here too, in case a sprig release moves them.
// TestTemplateFuncSet pins the whole resulting set.
var unsafeFuncs = []string{
	// time: the clock, the local time zone, or date arithmetic
	"ago", "toDate", "mustToDate", "unixEpoch", "durationRound",
	"mustDateModify", "must_date_modify",
	// randomness
	"shuffle", "randInt", "uuidv4",
	// host: file paths with the host's separator, and the network
	"osBase", "osClean", "osDir", "osExt", "osIsAbs", "getHostByName",
	// secrets: keys, certificates, passwords and ciphers
	"bcrypt", "htpasswd", "genPrivateKey", "derivePassword", "buildCustomCert",
	"genCA", "genCAWithKey", "genSelfSignedCert", "genSelfSignedCertWithKey",
	"genSignedCert", "genSignedCertWithKey", "encryptAES", "decryptAES",
}

// funcs returns the functions every user template gets: sprig's hermetic
// set without unsafeFuncs, env and expandenv replaced by functions that
// fail with a clear error, keys and values sorted by key, cachediff's own
// (report.Funcs, short bound to r's abbreviations), and pkgdetails.
func funcs(r *diff.Report) template.FuncMap {
	fm := sprig.HermeticTxtFuncMap()
	for _, name := range unsafeFuncs {
		delete(fm, name)
	}
	for _, name := range []string{"env", "expandenv"} {
		fm[name] = func(...any) (string, error) {
			return "", fmt.Errorf("%s is not available: cachediff templates cannot read the environment (CI runs them next to secrets)", name)
		}
	}
	// sprig's keys and values follow Go's map order, which changes from run
	// to run: output must not.
	fm["keys"] = sortedKeys
	fm["values"] = sortedValues
	// sprig's sortAlpha sorts a []string in place, and a report's lists
	// are shared between specs (the loader shares equal lists): sorting
	// one spec's variants would reorder those of every spec that shares
	// them. This one sorts a copy.
	if sortAlpha, ok := fm["sortAlpha"].(func(any) []string); ok {
		fm["sortAlpha"] = func(list any) []string {
			if l, ok := list.([]string); ok {
				list = slices.Clone(l)
			}
			return sortAlpha(list)
		}
	}
	maps.Copy(fm, report.Funcs(r))
	fm["pkgdetails"] = pkgDetails
	return fm
}

// sortedKeys is sprig's keys in sorted order: the keys of every dict
// given (a key of several dicts as often as it is there), sorted.
func sortedKeys(dicts ...map[string]any) []string {
	var keys []string
	for _, d := range dicts {
		for k := range d {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// sortedValues is sprig's values in the order of the sorted keys.
func sortedValues(dict map[string]any) []any {
	keys := sortedKeys(dict)
	values := make([]any, len(keys))
	for i, k := range keys {
		values[i] = dict[k]
	}
	return values
}
