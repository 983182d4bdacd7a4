package gen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// TruthFile is the name of the truth file Write puts beside the trees.
const TruthFile = "truth.json"

// TruthDoc is the content of the truth file.
type TruthDoc struct {
	Config Config `json:"config"`
	Truth
	// Bytes and Files are the size of each tree.
	Bytes map[string]int64 `json:"bytes"`
	Files map[string]int   `json:"files"`
}

// Write writes p as dir/old/<pkg>/specs.md and dir/new/<pkg>/specs.md
// (replacing dir/old and dir/new) and dir/truth.json, and returns the
// truth document.
func Write(dir string, p *Pair) (*TruthDoc, error) {
	doc := &TruthDoc{Config: p.Config, Truth: p.Truth, Bytes: map[string]int64{}, Files: map[string]int{}}
	for _, side := range []string{"old", "new"} {
		root := filepath.Join(dir, side)
		if err := os.RemoveAll(root); err != nil {
			return nil, err
		}
		tag := p.Config.OldTag
		if side == "new" {
			tag = p.Config.NewTag
		}
		for i := range p.Packages {
			pk := &p.Packages[i]
			specs, style := pk.Old, pk.OldStyle
			if side == "new" {
				specs, style = pk.New, pk.NewStyle
			}
			if specs == nil {
				continue
			}
			page := Page(pk.Name, tag, specs, style, (len(pk.Name)+len(specs))%4 == 0)
			path := filepath.Join(root, pk.Name, "specs.md")
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				return nil, err
			}
			if err := os.WriteFile(path, page, 0o644); err != nil {
				return nil, err
			}
			doc.Bytes[side] += int64(len(page))
			doc.Files[side]++
		}
	}
	data, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, TruthFile), append(data, '\n'), 0o644); err != nil {
		return nil, err
	}
	return doc, nil
}

// ReadTruth reads dir/truth.json.
func ReadTruth(dir string) (*TruthDoc, error) {
	data, err := os.ReadFile(filepath.Join(dir, TruthFile))
	if err != nil {
		return nil, err
	}
	var doc TruthDoc
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, TruthFile), err)
	}
	return &doc, nil
}

// Ensure returns the truth of the pair for cfg in dir, generating and
// writing it unless dir already holds that pair (same Config).
func Ensure(dir string, cfg Config) (*TruthDoc, error) {
	if doc, err := ReadTruth(dir); err == nil && doc.Config == cfg {
		return doc, nil
	}
	return Write(dir, Generate(cfg))
}

// legacyNames are compiler packages and the names older pages use.
var legacyNames = map[string]string{"intel-oneapi-compilers": "oneapi", "llvm": "clang"}

// writer spells a page's strings in a style.
type writer struct {
	style    Style
	exactVer bool // write versions as =1.2.3
	b        bytes.Buffer
}

func (w *writer) compiler(c string) string {
	if w.style != Older || c == "none" {
		return c
	}
	name, ver, _ := strings.Cut(c, "@")
	if l, ok := legacyNames[name]; ok {
		name = l
	}
	return name + "@=" + ver
}

func (w *writer) version(v string) string {
	if w.exactVer {
		return "=" + v
	}
	return v
}

func (w *writer) variant(v string) string {
	if w.style != Older {
		return v
	}
	name, val, ok := strings.Cut(v, "=")
	switch {
	case !ok:
		return v
	case name == "languages":
		return name + "='" + val + "'"
	case name == "cuda_arch" || name == "patches" || name == "targets":
		return name + ":=" + val
	}
	return v
}

func (w *writer) str(s string) {
	w.b.WriteByte('"')
	w.b.WriteString(s)
	w.b.WriteByte('"')
}

func (w *writer) list(l []string, spell func(string) string) {
	w.b.WriteByte('[')
	for i, s := range l {
		if i > 0 {
			w.b.WriteString(", ")
		}
		if spell != nil {
			s = spell(s)
		}
		w.str(s)
	}
	w.b.WriteByte(']')
}

// key writes `"k": ` with the separator before it.
func (w *writer) key(first bool, k string) {
	if !first {
		w.b.WriteString(", ")
	}
	w.str(k)
	w.b.WriteString(": ")
}

// Page renders one package page: YAML front matter with meta and
// spec_details as one-line JSON, the way cache.spack.io writes them.
// Pages end in "\n---" unless newline is set.
func Page(name, tag string, specs []Spec, style Style, newline bool) []byte {
	w := &writer{style: style, exactVer: style == Older && len(name)%3 == 0}
	fmt.Fprintf(&w.b, "---\ntitle: %q\nlayout: cache\ncategories: [package, %s]\nmeta: ", name, tag)
	w.meta(specs)
	w.b.WriteString("\nspec_details: [")
	for i := range specs {
		if i > 0 {
			w.b.WriteString(", ")
		}
		w.spec(name, tag, &specs[i])
	}
	w.b.WriteString("]\n---")
	if newline {
		w.b.WriteByte('\n')
	}
	return w.b.Bytes()
}

func (w *writer) spec(name, tag string, s *Spec) {
	stacks := s.Stacks
	if w.style == Older && len(stacks) > 1 && s.Hash[0] < 'n' { // root first, as v0.23 pages sometimes have it
		stacks = append([]string{"root"}, slices.DeleteFunc(slices.Clone(stacks), func(x string) bool { return x == "root" })...)
	}
	w.b.WriteByte('{')
	if w.style == Older {
		w.key(true, "hash")
		w.str(s.Hash)
		w.key(false, "compiler")
		w.str(w.compiler(s.Compiler))
		w.key(false, "versions")
		w.list([]string{s.Version}, w.version)
		w.key(false, "os")
		w.str(s.OS)
		w.key(false, "platform")
		w.str(s.Platform)
		w.key(false, "target")
		w.str(s.Target)
		w.key(false, "variants")
		w.list(s.Variants, w.variant)
		w.key(false, "stacks")
		w.list(stacks, nil)
		w.key(false, "size")
		w.str("-")
		w.key(false, "tarball")
		arch := s.Platform + "-" + s.OS + "-" + s.Target
		comp := strings.ReplaceAll(w.compiler(s.Compiler), "@=", "-")
		w.str("https://binaries.spack.io/" + tag + "/build_cache/" + arch + "/" + comp + "/" + name + "-" + s.Version + "/" +
			arch + "-" + comp + "-" + name + "-" + s.Version + "-" + s.Hash + ".spack")
	} else {
		w.key(true, "compiler")
		w.str(s.Compiler)
		w.key(false, "hash")
		w.str(s.Hash)
		w.key(false, "os")
		w.str(s.OS)
		w.key(false, "platform")
		w.str(s.Platform)
		w.key(false, "size")
		w.str("-")
		w.key(false, "stacks")
		w.list(stacks, nil)
		w.key(false, "target")
		w.str(s.Target)
		w.key(false, "variants")
		w.list(s.Variants, nil)
		w.key(false, "versions")
		w.list([]string{s.Version}, nil)
	}
	w.b.WriteByte('}')
}

// meta writes the page's summary of its specs, consistent with them.
func (w *writer) meta(specs []Spec) {
	sets := map[string]map[string]bool{}
	add := func(k, v string) {
		if sets[k] == nil {
			sets[k] = map[string]bool{}
		}
		sets[k][v] = true
	}
	byStack := map[string]int{}
	var stackOrder []string
	for _, s := range specs {
		add("compilers", w.compiler(s.Compiler))
		add("oss", s.OS)
		add("platforms", s.Platform)
		add("targets", s.Target)
		add("versions", s.Version)
		for _, st := range s.Stacks {
			if byStack[st] == 0 {
				stackOrder = append(stackOrder, st)
			}
			byStack[st]++
			add("stacks", st)
		}
	}
	set := func(k string) []string {
		l := make([]string, 0, len(sets[k]))
		for v := range sets[k] {
			l = append(l, v)
		}
		slices.Sort(l)
		return l
	}
	num := func(first bool) {
		w.key(first, "num_specs")
		w.b.WriteString(strconv.Itoa(len(specs)))
		w.key(false, "num_specs_by_stack")
		order := stackOrder
		if w.style != Older {
			order = slices.Sorted(slices.Values(stackOrder))
		}
		w.b.WriteByte('{')
		for i, st := range order {
			w.key(i == 0, st)
			w.b.WriteString(strconv.Itoa(byStack[st]))
		}
		w.b.WriteByte('}')
	}
	w.b.WriteByte('{')
	if w.style == Older {
		for i, k := range []string{"versions", "compilers", "oss", "platforms", "targets", "stacks"} {
			w.key(i == 0, k)
			w.list(set(k), nil)
		}
		num(false)
	} else {
		w.key(true, "compilers")
		w.list(set("compilers"), nil)
		num(false)
		for _, k := range []string{"oss", "platforms", "stacks", "targets", "versions"} {
			w.key(false, k)
			w.list(set(k), nil)
		}
	}
	w.b.WriteByte('}')
}
