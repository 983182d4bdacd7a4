package gitsrc

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/cachediff/cachediff/internal/shellword"
)

// undashed returns rev, whose ref name begins with - (a branch -y, as
// git update-ref refs/heads/-y makes), with that name written in full as
// git finds it (refs/heads/-y, by git's rules: refs/, refs/tags/,
// refs/heads/, refs/remotes/, refs/remotes/NAME/HEAD), and what follows
// it kept (refs/heads/-y~1..HEAD): a revision that begins with - is
// read by git as an option, so cachediff refuses it, and a message that
// named one to give (-y..HEAD) named a revision refused in turn. rev
// itself when it does not begin with -; "" when git knows no such ref,
// or more than one (undash).
func (r *Repo) undashed(rev string) string {
	full, _ := r.undash(rev)
	return full
}

// Undashed is rev, which begins with - (-z..-y, of branches -z and -y),
// with its ref written in full as git finds it (refs/heads/-z..-y); ""
// when git knows no such ref, or more than one (undashed).
func (r *Repo) Undashed(rev string) string { return r.undashed(rev) }

// undash is undashed, and, when the name is that of more than one ref
// (a tag -y and a branch -y; a file -y of the git directory, which git
// reads first), each of them as it is written for cachediff to read it
// alone, in git's order ("" for a file of the git directory, which no
// other name reads). A name written in full is itself one git may read
// as two (refs/heads/-y beside a tag refs/heads/-y, which cachediff
// refuses as ambiguous): it is then written without refs/ (heads/-y),
// where that reads the one ref. Given the first found, the suggestion
// read a commit git does not, or a name refused in turn.
func (r *Repo) undash(rev string) (full string, each []string) {
	if !strings.HasPrefix(rev, "-") {
		return rev, nil
	}
	// A name of characters not printable (-, U+200B) is a ref's name
	// git reads all the same: it was given no way to write it, and
	// "put flags before --" said of it. Each way is written with
	// such characters escaped (shellword.Shown, and in ASCII).
	name := dashName(rev)
	if name == "" || strings.ContainsFunc(name, func(c rune) bool { return c == ' ' || unicode.IsControl(c) }) {
		return "", nil
	}
	refs := r.refsReadAs(name)
	for _, ref := range refs {
		spelt := r.alone(ref)
		if spelt != "" {
			spelt += rev[len(name):]
		}
		each = append(each, spelt)
	}
	if len(each) == 1 && each[0] != "" {
		return each[0], nil
	}
	if len(each) < 2 {
		return "", nil
	}
	return "", each
}

// alone is ref, a ref under refs/, written so that git reads it alone:
// in full, or, where that is another ref's name too (refs/heads/x
// beside a tag refs/heads/x), without refs/ (heads/x); "" for a file of
// the git directory (HEAD beside a branch HEAD), which no other name
// reads, or when neither reads it alone.
func (r *Repo) alone(ref string) string {
	if !strings.HasPrefix(ref, "refs/") {
		return ""
	}
	for _, s := range []string{ref, strings.TrimPrefix(ref, "refs/")} {
		if read := r.refsReadAs(s); len(read) == 1 && read[0] == ref {
			return s
		}
	}
	return ""
}

// ambiguousWays is how the message of name, the name of more than one
// ref (refs, in git's order), says to name each: "name the one meant in
// full" could not be done where the first is a file of the git directory
// (HEAD beside a branch HEAD: no other name reads it) or a full name
// already (refs/heads/x beside a tag refs/heads/x). Each is given as
// cachediff reads it alone (alone), a file of the git directory by its
// commit. A ref under refs/ that neither its full name nor that without
// refs/ reads alone (the tag y beside tags refs/tags/y and tags/y) is
// given by its commit too, as the ref it is: it was left out, so the
// tag git reads had no way to write it, and, not a file of the git
// directory, it is not said to be one.
//
// written is the revision or range the name is in, as written: where it
// is more than the name (HEAD~7..HEAD, the log's own example, beside a
// branch HEAD), it is also given whole with each way in place of the
// name, which was left for the user to do at each of its ends.
//
// Each word is cut past word bytes (fitted).
func (r *Repo) ambiguousWays(name, written string, refs []string, word int) string {
	msg, _, _, _ := r.ambiguousWhole(name, written, refs, word)
	return msg
}

// ambiguousWhole is ambiguousWays with the ways written whole as they
// are, unquoted, each one git knows, and those it knows no commit of as
// shell words (refs/heads/HEAD~7 of a branch HEAD of fewer commits),
// and why git knows none of those: the reasons, each said once (a
// shallow clone's history stopping short), uncut.
func (r *Repo) ambiguousWhole(name, written string, refs []string, word int) (string, []string, []string, []string) {
	var ways, wholes, unknown, raw, none []string
	sel := reflogOf(written, name)
	for _, ref := range refs {
		spelt, said, of := r.alone(ref), "", ref
		if spelt == "" {
			where := " in the git directory, which no other name reads"
			if strings.HasPrefix(ref, "refs/") {
				where = ", which no name of it reads alone"
			}
			// HEAD@{1}, beside a branch HEAD: the commit of the
			// reflog's entry, said to be as it reads now (the entry
			// moves with the ref); the ref's own commit was given, of
			// which an id has no reflog.
			of = ref + sel
			id, err := r.commitShort(of)
			if err != nil {
				continue
			}
			spelt = id
			said = fmt.Sprintf(" for %s%s", quotedRevWithin(ref, word), where)
			if of != ref {
				said = fmt.Sprintf(" (the commit %s reads now, of %s%s)", quotedRevWithin(of, word), quotedRevWithin(ref, word), where)
			}
		}
		ways = append(ways, quotedRevWithin(spelt, word)+said)
		whole, ok := respelt(written, name, spelt)
		if sel != "" {
			// HEAD@{1}~1, beside a branch HEAD: the commit HEAD@{1}
			// reads was given alone, its ~1 left out, and respelt
			// gives none of a reflog; each way whole is the reflog's
			// commit (or the ref's own reflog) with what follows it.
			caret, rest := "", written
			if r, c := strings.CutPrefix(written, "^"); c {
				caret, rest = "^", r
			}
			after := strings.TrimPrefix(rest, name+sel)
			if of == ref {
				after = sel + after
			}
			whole, ok = caret+spelt+after, true
		}
		if ok && whole != spelt {
			// In ASCII (shellword.ShownASCII), as the ref it names:
			// 'HEAD~2..refs/tags/mаin' (its а Cyrillic) read as main's.
			shown := shellword.ShownASCIIWithin(whole, word)
			if full := shellword.ShownASCII(whole); len(full) > word && sel == "" {
				// Past word bytes, a way was given cut ("$'refs/tags/
				// \xc3\xa9…'… (cut, 1261 bytes more)" of a tag and a
				// branch of 6 folders of 112 é, each cut to 1.5 KB on a
				// 2.7 KB line): pasted, no command, or one of a ref the
				// cut part names. The commit the ref reads now is given
				// by its id, whole.
				if id, err := r.commitShort(ref); err == nil {
					if byID, ok := respelt(written, name, id); ok && len(shellword.ShownASCII(byID)) <= word {
						shown = fmt.Sprintf("%s (by the id of the commit %s reads now, its own way %d bytes long)", shellword.ShownASCII(byID), quotedRevWithin(ref, word), len(full))
					}
				}
			}
			if rangeRev(whole) || strings.HasPrefix(whole, "^") {
				// v...v, of a tag and a branch v: each way whole is
				// refused in turn (its ends one commit), unsaid; so
				// ^v (no end to list from).
				if err := r.memoCheckRange(whole); err != nil {
					shown += " (which the log refuses too" + reasonWithin(err.Error(), word) + ")"
				}
			} else if _, err := r.verifyCommit(whole); err == nil {
				raw = append(raw, whole)
			} else {
				// HEAD~7, beside a branch HEAD, in a repository of
				// fewer commits: each way whole, ID~7, was given to
				// run, unknown in turn, unsaid (or, in a shallow
				// clone, past its history).
				// A reason the same for each (a shallow clone) is
				// said once, after the last.
				h := strings.TrimSuffix(strings.TrimPrefix(r.unknownHint(whole), " ("), ")")
				if h != "" && slices.Contains(unknown, h) {
					h = ""
				}
				if h != "" {
					unknown = append(unknown, h)
					h = reasonWithin(h, word)
				}
				none = append(none, shown)
				shown += " (an unknown revision too" + h + ")"
			}
			wholes = append(wholes, shown)
		} else if ok {
			// HEAD itself, beside a branch HEAD: the way is whole.
			raw = append(raw, whole)
		}
	}
	if len(ways) == 0 {
		return "name the one meant in full", nil, nil, nil
	}
	msg := "name the one meant: " + strings.Join(ways, ", or ")
	if len(wholes) == len(ways) {
		msg += "; written whole, " + strings.Join(wholes, " or ")
	}
	return msg, raw, none, unknown
}

// Ambiguity is what is said of rev, a revision git knows, whose name is
// that of more than one ref (HEAD~1 beside a branch HEAD), git reading
// the first: the name and its refs, as a revision's ambiguity says them,
// the ways to name each written whole that git knows (ID~1,
// refs/heads/HEAD~1), and those it knows no commit of, as shell words
// (refs/heads/HEAD~1 of a branch HEAD of one commit): when some way had
// none, none was given, and the hint fell back to "REV written in
// full", no command to paste. "" when its name is no such name.
func (r *Repo) Ambiguity(rev string) (names string, whole, none []string) {
	return r.AmbiguityWithin(rev, 0)
}

// AmbiguityWithin is Ambiguity with each word of names, and each of
// none, cut past word bytes (0: names fitted within maxNote, each of
// none past maxQuotedInput), for a hint that fits its line as a whole
// (input's fitHint), the ways to paste, not the names, given the room:
// a branch and a tag both named 3 folders of 112 é had their names
// beside two ways to paste of 2.7 KB each, the line cut by its cap
// before either was whole.
func (r *Repo) AmbiguityWithin(rev string, word int) (names string, whole, none []string) {
	names, whole, none, _ = r.AmbiguityWhy(rev, word)
	return names, whole, none
}

// AmbiguityWhy is AmbiguityWithin with why git knows no commit of the
// ways of none, where it says (each reason once, uncut): in a shallow
// clone, that its history stops short, which the input's hint left out
// ("refs/heads/HEAD~1, the other way written whole, is an unknown
// revision" alone).
func (r *Repo) AmbiguityWhy(rev string, word int) (names string, whole, none, why []string) {
	name := rev
	if i := strings.IndexAny(rev, "~^@:"); i >= 0 {
		name = rev[:i]
	}
	if name == "" && (rev == "@" || strings.HasPrefix(rev, "@~") || strings.HasPrefix(rev, "@^")) {
		name = "HEAD" // git's @
	}
	if name == "" || strings.HasPrefix(name, "-") {
		return "", nil, nil, nil
	}
	refs := r.refsReadAs(name)
	if len(refs) < 2 {
		return "", nil, nil, nil
	}
	defer r.MemoRefs()()
	say := func(word int) string {
		return fmt.Sprintf("%s is the name of more than one ref (%s), of which git reads the first", quotedInputWithin(name, word), r.refsNamed(name, refs, word))
	}
	if word > 0 {
		_, whole, none, why = r.ambiguousWhole(name, rev, refs, word)
		return say(word), whole, none, why
	}
	_, whole, none, why = r.ambiguousWhole(name, rev, refs, maxQuotedInput)
	return fitted(maxNote, say), whole, none, why
}

// CommitID is the id of the commit rev reads now (12 hex digits, as
// the hints write ids, or more where git needs them: shortID), asked
// once (memoRun): a way to write a ref whole too long for its hint's
// room is given by it.
func (r *Repo) CommitID(rev string) (string, bool) {
	id, err := r.commitShort(rev)
	return id, err == nil
}

// commitShort is the id of the commit rev reads, as shortID writes it,
// asked of git in one process (rev-parse --short=12 of rev^{commit},
// through memoRun), or verifyCommit's error.
func (r *Repo) commitShort(rev string) (string, error) {
	if strings.HasPrefix(rev, ":/") || strings.HasPrefix(rev, "-") {
		out, err := r.verifyCommit(rev)
		if err != nil {
			return "", err
		}
		return r.shortID(strings.TrimSpace(string(out))), nil
	}
	out, err := r.memoRun("rev-parse", "--verify", "--quiet", "--short=12", rev+"^{commit}")
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(out)), nil
}

// shortID is id, an object's full id, as a way to paste writes it: its
// first 12 hex digits (short), or as many more as git needs to read it
// alone (git rev-parse --short=12, asked once while MemoRefs holds
// answers). Cut at 12, the id of a commit beside another object whose
// id shares those digits (a loose object a repository crafted, or
// chance) was given to paste, and git refused it: "short object ID …
// is ambiguous". short(id) where git cannot say.
func (r *Repo) shortID(id string) string {
	if out, err := r.memoRun("rev-parse", "--verify", "--quiet", "--short=12", id); err == nil {
		if s := strings.TrimSpace(string(out)); len(s) >= len(short(id)) && strings.HasPrefix(id, s) {
			return s
		}
	}
	return short(id)
}

// reasonWithin is ": " and why, a reason a message gives in its words, or, past
// word bytes (fitted), that there is one and how long it is: cut, it
// named a revision or folder as another.
func reasonWithin(why string, word int) string {
	if len(why) > word {
		return fmt.Sprintf(", for a reason too long to show here (%d bytes)", len(why))
	}
	return ": " + why
}

// reflogOf is the reflog selector (@{1}) that follows name in written,
// a revision (HEAD@{1}, HEAD@{1}~2), or "" when it is no reflog of name
// or is a range (HEAD@{1}..HEAD, whose other end reads the ref itself).
func reflogOf(written, name string) string {
	if len(endsOf(written)) != 1 {
		return ""
	}
	rest, ok := strings.CutPrefix(strings.TrimPrefix(written, "^"), name+"@{")
	if j := strings.Index(rest, "}"); ok && j >= 0 {
		return "@{" + rest[:j+1]
	}
	return ""
}

// respelt is written, a revision or a range, with way in place of the
// ref name at each of its ends (git's @ too, for HEAD, and an end left
// out of a range, which git reads as HEAD); ok is false when no end
// names it, or one is a reflog of it (HEAD@{1}: an id has none).
func respelt(written, name, way string) (string, bool) {
	names := []string{name}
	if name == "HEAD" {
		names = append(names, "@")
	}
	parts := endsOf(written)
	var out strings.Builder
	changed := false
	for _, p := range parts {
		caret, rest := "", p.end
		if r, ok := strings.CutPrefix(rest, "^"); ok {
			caret, rest = "^", r
		}
		end := p.end
		if rest == "" && len(parts) > 1 && name == "HEAD" {
			end, changed = caret+way, true
		}
		for _, n := range names {
			after, ok := strings.CutPrefix(rest, n)
			if !ok || rest == "" {
				continue
			}
			if after != "" && after[0] == '@' {
				return "", false
			}
			if after == "" || after[0] == '~' || after[0] == '^' {
				end, changed = caret+way+after, true
				break
			}
		}
		out.WriteString(end + p.sep)
	}
	return out.String(), changed
}

// RangeEnds is rng's two ends as meant: cut at its one .. or ... outside
// a revision by message's braces (HEAD^{/a..b}..HEAD, which git cuts
// at the pattern's ..), the dots left out; ok is false when rng holds
// none, or more than one.
func RangeEnds(rng string) (a, b string, ok bool) {
	parts := endsOf(rng)
	if len(parts) != 2 {
		return "", "", false
	}
	return parts[0].end, parts[1].end, true
}

// endSep is an end of a range and the dots after it ("" after the last).
type endSep struct{ end, sep string }

// endsOf cuts s, a revision or a range, at each .. or ... outside a
// revision by message's braces (HEAD^{/a..b} is one end).
func endsOf(s string) []endSep {
	var parts []endSep
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '{':
			depth++
		case s[i] == '}' && depth > 0:
			depth--
		case depth == 0 && strings.HasPrefix(s[i:], ".."):
			sep := ".."
			if strings.HasPrefix(s[i:], "...") {
				sep = "..."
			}
			parts = append(parts, endSep{s[start:i], sep})
			i += len(sep) - 1
			start = i + 1
		}
	}
	return append(parts, endSep{s[start:], ""})
}

// refsReadAs lists the refs git reads name as, by its rules in their
// order (the name itself, refs/NAME, refs/tags/NAME, refs/heads/NAME,
// refs/remotes/NAME, refs/remotes/NAME/HEAD): more than one, git reads
// the first, warning. The name itself outside refs/ is a file of the git
// directory (ORIG_HEAD, or -y made by hand), named as it is.
func (r *Repo) refsReadAs(name string) []string {
	r.refsMemo.mu.Lock()
	read, ok := r.refsMemo.m[name]
	r.refsMemo.mu.Unlock()
	if ok {
		return slices.Clone(read)
	}
	read = r.listRefsReadAs(name)
	r.refsMemo.mu.Lock()
	if r.refsMemo.m != nil {
		r.refsMemo.m[name] = slices.Clone(read)
	}
	r.refsMemo.mu.Unlock()
	return read
}

// MemoRefs holds, until the function it returns is called, what git
// lists of the refs a name reads as (refsReadAs), so that one hint,
// which asks it of one name in several places, runs git once for it.
// For a hint's time only: refs may change between two calls on a Repo.
func (r *Repo) MemoRefs() (done func()) {
	r.refsMemo.mu.Lock()
	defer r.refsMemo.mu.Unlock()
	r.refsMemo.depth++
	if r.refsMemo.m == nil {
		r.refsMemo.m = map[string][]string{}
		r.refsMemo.answers = map[string]memoAnswer{}
	}
	return func() {
		r.refsMemo.mu.Lock()
		defer r.refsMemo.mu.Unlock()
		if r.refsMemo.depth--; r.refsMemo.depth == 0 {
			r.refsMemo.m, r.refsMemo.answers = nil, nil
		}
	}
}

// memoCheckRange is CheckRange of rng, whose answer is held while
// MemoRefs holds refs, as memoRun's are: a message made again to fit
// its budget (fitted) checked each way again.
func (r *Repo) memoCheckRange(rng string) error {
	key := "\x00CheckRange\x00" + rng // no git argument begins with a NUL
	r.refsMemo.mu.Lock()
	a, ok := r.refsMemo.answers[key]
	r.refsMemo.mu.Unlock()
	if ok {
		return a.err
	}
	err := r.CheckRange(rng)
	r.refsMemo.mu.Lock()
	if r.refsMemo.answers != nil {
		r.refsMemo.answers[key] = memoAnswer{nil, err}
	}
	r.refsMemo.mu.Unlock()
	return err
}

// memoAnswer is what git said of a question memoRun asked.
type memoAnswer struct {
	out []byte
	err error
}

// memoRun is run of args (no standard input), whose answer is held
// while MemoRefs holds refs: a range's hint asked whether each end is a
// commit (verifyCommit) and how many commits NAME's line holds
// (pastRoot) for its end check, and again for the log's refusal, of the
// same repository at the same time (cachediff HEAD~5..HEAD snap ran
// git rev-parse --verify --quiet HEAD~5^{commit} twice, and HEAD^{commit}
// twice beside a branch HEAD).
func (r *Repo) memoRun(args ...string) ([]byte, error) {
	key := strings.Join(args, "\x00")
	r.refsMemo.mu.Lock()
	a, ok := r.refsMemo.answers[key]
	r.refsMemo.mu.Unlock()
	if ok {
		return slices.Clone(a.out), a.err
	}
	out, err := r.run(nil, args...)
	r.refsMemo.mu.Lock()
	if r.refsMemo.answers != nil {
		r.refsMemo.answers[key] = memoAnswer{slices.Clone(out), err}
	}
	r.refsMemo.mu.Unlock()
	return out, err
}

// listRefsReadAs is refsReadAs, asked of git.
func (r *Repo) listRefsReadAs(name string) []string {
	rules := []string{"refs/" + name, "refs/tags/" + name, "refs/heads/" + name, "refs/remotes/" + name, "refs/remotes/" + name + "/HEAD"}
	if strings.HasPrefix(name, "refs/") {
		rules = append([]string{name}, rules...)
	}
	out, err := r.run(nil, append([]string{"for-each-ref", "--format=%(refname)"}, rules...)...)
	if err != nil {
		return nil
	}
	have := strings.Fields(string(out))
	var found []string
	if !strings.Contains(name, "/") && !strings.Contains(name, "..") { // a file at the git directory's top
		if out, err := r.run(nil, "rev-parse", "--git-path", name); err == nil {
			p := strings.TrimSpace(string(out))
			if !filepath.IsAbs(p) {
				p = filepath.Join(cmp.Or(r.dir, "."), p)
			}
			if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
				found = append(found, name)
			}
		}
	}
	for _, ref := range rules {
		if slices.Contains(have, ref) && !slices.Contains(found, ref) {
			found = append(found, ref)
		}
	}
	return found
}

// dashHint is how a message says to write rev, which begins with -:
// with its ref written in full, or, of the name of more than one ref,
// each ref as cachediff reads it alone; "" when git knows no such ref.
// shown writes each way as the message gives it, and each word is cut
// past word bytes (fitted).
func (r *Repo) dashHint(rev string, shown func(way string, word int) string, word int) string {
	return r.dashHintCut(rev, shown, word, true)
}

// dashHintCut is dashHint; cuts says shown cuts a way past word bytes,
// where a ref written in full too long is given by its commit's id
// instead (DashHintWithin's shown does not: input gives its ways the
// room its line leaves).
func (r *Repo) dashHintCut(rev string, shown func(way string, word int) string, word int, cuts bool) string {
	full, each := r.undash(rev)
	if full != "" && strings.HasPrefix(full, "refs/") {
		if whole := shown(full, noCut); cuts && shown(full, word) != whole {
			// Cut, a way pasted is no command, or one of a ref the cut
			// part names (log --revs -NAME..HEAD of a branch of 6
			// folders of 112 é, its way 5.4 KB, cut to 2 KB on a 3.7 KB
			// line): the commit the ref reads now, by its id, where
			// that is whole as shown writes it (with REV:PATH's PATH:
			// measured without it, the way by the id was cut in it).
			if ref, _ := r.undash(dashName(rev)); ref != "" {
				if id, ok := r.CommitID(ref); ok {
					if byID, ok := respelt(rev, dashName(rev), id); ok {
						if way := shown(byID, word); way == shown(byID, noCut) {
							return fmt.Sprintf("write it by the id of the commit its ref reads now (with its ref written in full, %d bytes): %s", len(whole), way)
						}
					}
				}
			}
		}
		return "with its ref written in full, " + shown(full, word)
	}
	if full != "" {
		return "with its ref written out (in full, refs/…, it is another ref's name too), " + shown(full, word)
	}
	if each == nil {
		// -q@{1}, -q~1..HEAD: the name of a file of the git directory
		// alone (no ref under refs/), which no other name reads: it was
		// given no way to write it, as a reflog of it (-y@{1}) was not
		// beside a branch -y either.
		if refs := r.refsReadAs(dashName(rev)); len(refs) == 1 && !strings.HasPrefix(refs[0], "refs/") {
			if way := r.gitDirWay(rev, shown, word); way != "" {
				return "write it by its commit: " + way
			}
		}
		return ""
	}
	var names, ways []string
	for i, ref := range r.refsReadAs(dashName(rev)) {
		name := quotedRevWithin(ref, word) // in ASCII, as refsNamed names a ref
		if !strings.HasPrefix(ref, "refs/") {
			name += " in the git directory"
		}
		names = append(names, name)
		if i < len(each) && each[i] != "" {
			way := shown(each[i], word)
			if rangeRev(each[i]) {
				// -y..HEAD, of a tag -y at HEAD and a branch -y: the
				// tag's way, refs/tags/-y..HEAD, a range of no commit,
				// was given to run, refused in turn, unsaid.
				if err := r.memoCheckRange(each[i]); err != nil {
					way += " (which the log refuses" + reasonWithin(err.Error(), word) + ")"
				}
			} else if strings.Contains(each[i], "@{") {
				// -q@{1}, of a tag -q beside a file -q of the git
				// directory: refs/tags/-q@{1} was given, unknown in
				// turn, a tag having no reflog.
				way += r.reflogUnknown(ref, each[i], word)
			}
			ways = append(ways, way)
		} else if !strings.HasPrefix(ref, "refs/") {
			if way := r.gitDirWay(rev, shown, word); way != "" {
				ways = append(ways, way)
			}
		}
	}
	msg := fmt.Sprintf("and %s is the name of more than one ref (%s), which git reads as the first, warning", quotedInputWithin(dashName(rev), word), strings.Join(names, ", "))
	if len(ways) > 0 {
		msg += "; write the one meant: " + strings.Join(ways, " or ")
	}
	return msg
}

// reflogUnknown is what dashHint adds to way, ref's way of a revision
// that reads its reflog (refs/tags/-q@{1}), when git reads no commit
// by it: that it is unknown, and why where ref keeps no reflog (a tag,
// which git logs no update of); "" when git reads it.
func (r *Repo) reflogUnknown(ref, way string, word int) string {
	if _, err := r.verifyCommit(way); err == nil {
		return ""
	}
	if _, err := r.memoRun("reflog", "exists", ref); err != nil {
		return fmt.Sprintf(" (an unknown revision too: %s keeps no reflog)", quotedRevWithin(ref, word))
	}
	return " (an unknown revision too)"
}

// gitDirWay is how dashHint gives rev, whose name is that of a file
// of the git directory (-y beside a branch -y, which git reads
// first): no other name reads the file, so it was named and no way to
// write it given; it is written with the file's commit in place of the
// name (as ambiguousWays gives it), said as such; a reflog of the file
// (-y@{1}~1..HEAD) with the commit its entry reads now in place of
// NAME@{N}: it was given no way at all. "" for a file git does not read
// as a commit.
func (r *Repo) gitDirWay(rev string, shown func(string, int) string, word int) string {
	name := dashName(rev)
	rest, of := rev[len(name):], name
	if strings.HasPrefix(rest, "@{") {
		j := strings.Index(rest, "}")
		if j < 0 {
			return ""
		}
		of, rest = name+rest[:j+1], rest[j+1:]
	}
	out, err := r.memoRun("rev-parse", "--verify", "--quiet", "--short=12", "--end-of-options", of+"^{commit}")
	if err != nil {
		return ""
	}
	what := "its commit"
	if of != name {
		what = fmt.Sprintf("the commit %s reads now", quotedRevWithin(of, word))
	}
	return fmt.Sprintf("%s (%s, for %s in the git directory, which no other name reads)", shown(strings.TrimSpace(string(out))+rest, word), what, quotedRevWithin(name, word))
}

// DashHint is how a message says to write rev, which begins with - and
// which git reads by a ref it knows (dashHint): with that ref written in
// full, each ref of an ambiguous name, or the commit of a file of the
// git directory; shown writes each way as the message gives it. "" when
// git knows no such ref.
func (r *Repo) DashHint(rev string, shown func(string) string) string {
	return r.DashHintWithin(rev, shown, maxQuotedInput)
}

// DashHintWithin is DashHint with the names and refs it names, not to
// paste, cut past word bytes, each way as shown writes it: a hint that
// fits its line as a whole (input's fitHint) cuts those before the ways
// to paste. Named at 2 KB each beside two ways of 2.7 KB, a tag and a
// branch -é… (3 folders of 112 é) made a line of 8,225 bytes, cut by
// its cap before the ways.
func (r *Repo) DashHintWithin(rev string, shown func(string) string, word int) string {
	defer r.MemoRefs()()
	return r.dashHintCut(rev, func(way string, _ int) string { return shown(way) }, word, false)
}

// noCut is a word's room that cuts no way shown writes: what it writes
// within it is the way whole, to tell whether a room cuts it.
const noCut = 1 << 30

// dashName is the ref name rev, which begins with -, starts with.
func dashName(rev string) string {
	name := rev
	if i := strings.IndexAny(name, "~^:"); i >= 0 {
		name = name[:i]
	}
	for _, sep := range []string{"@{", ".."} {
		if i := strings.Index(name, sep); i >= 0 {
			name = name[:i]
		}
	}
	return name
}

// shownRev is rev as the shell reads it back (shellword.Shown), a ref
// name that begins with - written in full (undashed), as cachediff takes
// it.
func (r *Repo) shownRev(rev string) string { return shellword.ShownASCII(r.spelt(rev)) }

// spelt is rev as shownRev writes it, before the shell's quoting: its
// ref written in full where it begins with - (undashed).
func (r *Repo) spelt(rev string) string {
	if full := r.undashed(rev); full != "" {
		return full
	}
	return rev
}

// inFolder is what a command a message suggests begins with so that it
// reads the repository this one reads: -C DIR, the folder as given
// (cachediff -C repo), else nothing.
func (r *Repo) inFolder() string { return InFolder(r.dir) }

// InFolder is what a command a message suggests begins with so that it
// is read from the folder dir, given as -C DIR: -C DIR and a space, DIR
// as the shell reads it back, else nothing when dir is "" (the current
// folder). A DIR that begins with - is written ./DIR: cachediff -C=-q
// HEAD~1..HEAD snap was given "cachediff -C -q log --revs …", which
// pasted was refused, -q read as a flag given as -C's value. Past
// maxFolderWord bytes the word is cut and says so
// (shellword.ShownWithin), as a hint's other words are: whole, a DIR of
// 800 U+200B ran the hint past the line cap of 8 KB, its range and
// PATH cut off.
func InFolder(dir string) string {
	if dir == "" {
		return ""
	}
	if strings.HasPrefix(dir, "-") {
		dir = "./" + dir
	}
	return "-C " + shellword.ShownWithin(dir, maxFolderWord) + " "
}

// maxFolderWord bounds the bytes InFolder writes of a folder: a
// folder's path of up to PATH_MAX (4 KiB) pastes whole, and its
// hint stays within the line cap of 8 KB. Cut at maxQuotedInput, a
// nested repository 3,000 bytes down was cut in the log to run beside
// it, which then did not paste.
const maxFolderWord = 4 << 10

// verifyCommit is git rev-parse --verify --quiet of rev^{commit}: the
// commit rev names, or an error (a *gitError of code 1 when git knows
// no commit by that name). A revision by message, :/TEXT, is resolved
// first and then peeled: git searches all of what follows :/, so
// :/TEXT^{commit} searched for "TEXT^{commit}", and --revs ':/c1..nope'
// said "unknown revision :/c1", of a commit git finds, not of nope.
func (r *Repo) verifyCommit(rev string) ([]byte, error) {
	if strings.HasPrefix(rev, ":/") {
		out, err := r.memoRun("rev-parse", "--verify", "--quiet", rev)
		if err != nil {
			return out, err
		}
		rev = strings.TrimSpace(string(out))
	}
	if strings.HasPrefix(rev, "-") {
		// Not an option: an end of a spaced range, 'HEAD~1 .. -x'.
		return r.memoRun("rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	}
	return r.memoRun("rev-parse", "--verify", "--quiet", rev+"^{commit}")
}

// leftEnd is rev, a commit, written to read back as the first end of a
// range: git cuts a range at its first "..", so a revision that holds
// ".." (HEAD^{/a..b}, a message pattern) is written as its commit's
// short id; --revs HEAD..HEAD^{/a..b} was told 'HEAD^{/a..b}..HEAD' is
// the other way round, a range git reads neither end of.
func (r *Repo) leftEnd(rev string) string {
	if !strings.Contains(rev, "..") {
		return rev
	}
	if id, err := r.commitShort(rev); err == nil {
		return id
	}
	return rev
}

// bracesOpen reports whether s leaves a brace open (HEAD^{/a): the
// ".." after it lies within a revision's braces, a message pattern.
func bracesOpen(s string) bool {
	depth := 0
	for _, c := range s {
		switch {
		case c == '{':
			depth++
		case c == '}' && depth > 0:
			depth--
		}
	}
	return depth > 0
}

// patternRange is the error of a range git cut at a ".." within a
// revision by message (HEAD^{/a..b}..HEAD, :/a..b..HEAD): git cuts a
// range at its first "..", so it read neither end, and the range was
// said to hold "unknown revision HEAD^{/a", a revision nobody wrote.
// Where a later ".." cuts it into two ends git knows, the range is given
// with its first end written as its commit. Else, for a first ".."
// within braces, parts are the ends cut at the first ".." outside them,
// as meant, for rangeError to name the one git does not know. nil, nil
// for a range of another shape.
func (r *Repo) patternRange(rng string) (parts []string, err error) {
	i := strings.Index(rng, "..")
	if i < 0 {
		return nil, nil
	}
	first := strings.TrimPrefix(rng[:i], "^")
	open := bracesOpen(first)
	if !open && !strings.HasPrefix(first, ":/") {
		return nil, nil
	}
	for j := i + 2; j < len(rng); j++ {
		if !strings.HasPrefix(rng[j:], "..") {
			continue
		}
		sep := ".."
		if strings.HasPrefix(rng[j:], "...") {
			sep = "..." // HEAD^{/a..b}...HEAD
		}
		left, right := rng[:j], rng[j+len(sep):]
		if bracesOpen(left) {
			continue
		}
		if open && parts == nil {
			parts = []string{left, right}
		}
		out, err := r.verifyCommit(left)
		if err != nil {
			if !open && parts == nil && right != "" {
				// :/zz..yy..HEAD, no message matching zz..yy: the
				// first end as meant is the one unknown, where a later
				// cut reads a known end (it was said "unknown revision
				// :/zz", a revision nobody wrote).
				if _, rerr := r.verifyCommit(right); rerr == nil {
					parts = []string{left, right}
				}
			}
			continue
		}
		if right != "" {
			if _, err := r.verifyCommit(right); err != nil {
				continue
			}
		}
		id := strings.TrimSpace(string(out))
		meant := r.shortID(id) + sep + right
		msg := fmt.Sprintf("the range %s: git cuts a range at its first .., which lies within %s, a revision by its message, so it reads neither end; with that end written as its commit, %s", quotedRev(rng), quotedRev(left), r.shownRev(meant))
		if err := r.meantRange(meant); err != nil {
			// The pattern's commit is the other end (:/x..y..HEAD,
			// x..y HEAD's message), or off the other's line: the
			// range given was refused in turn, unsaid.
			msg += fmt.Sprintf(", which the log refuses too: %v", err)
			return nil, errors.New(msg)
		}
		return nil, &refusal{msg, meant}
	}
	return parts, nil
}

// headName is HEAD as a suggestion writes it for cachediff to read: its
// commit's short id where HEAD is the name of more than one ref (a
// branch HEAD, git update-ref refs/heads/HEAD, beside the git
// directory's HEAD), which cachediff refuses as ambiguous: the ranges
// END..HEAD that endHint and oneRevisionHint gave were refused in turn.
func (r *Repo) headName() string {
	if len(r.refsReadAs("HEAD")) < 2 {
		return "HEAD"
	}
	if out, err := r.run(nil, "rev-parse", "--verify", "--quiet", "--short=12", "HEAD^{commit}"); err == nil {
		return strings.TrimSpace(string(out))
	}
	return "HEAD"
}

// headRead is rev, an end of a range, with HEAD (or git's @, HEAD too)
// at its start written as headName: HEAD~1 beside a branch HEAD is the
// id's ~1. A reflog's HEAD@{1} is kept, the id having none.
func (r *Repo) headRead(rev string) string {
	for _, name := range []string{"HEAD", "@"} {
		rest, ok := strings.CutPrefix(rev, name)
		if !ok || (rest != "" && !strings.ContainsAny(rest[:1], "~^")) {
			continue
		}
		if h := r.headName(); h != "HEAD" {
			return h + rest
		}
		return rev
	}
	return rev
}

// pairCut cuts rev, a range A..B, into its ends as meant: at the first
// ".." outside a revision by message's braces (HEAD^{/a..b}..HEAD,
// whose pair was cut at the pattern's .. and so not given). ok is false
// for A...B, an end left out, or a first end :/TEXT, which REV:PATH
// cannot hold.
func pairCut(rev string) (a, b string, ok bool) {
	i := 0
	for {
		j := strings.Index(rev[i:], "..")
		if j < 0 {
			return "", "", false
		}
		i += j
		if !bracesOpen(rev[:i]) {
			break
		}
		i += 2
	}
	a, b = rev[:i], rev[i+2:]
	if a == "" || b == "" || strings.HasPrefix(b, ".") || strings.HasPrefix(a, ":/") {
		return "", "", false
	}
	return a, b, true
}

// olderFirst is a and b, commits by name, oldest first by their
// committer dates, as cachediff's order warning reads a pair: the pair
// of a reversed range (master..master~1) was given in the range's order
// and, pasted, warned that the first "looks newer". As given when they
// are dated alike or git cannot say.
func (r *Repo) olderFirst(a, b string) (string, string) {
	var ids []string
	for _, rev := range []string{a, b} {
		out, err := r.verifyCommit(rev)
		if err != nil {
			return a, b
		}
		ids = append(ids, strings.TrimSpace(string(out)))
	}
	out, err := r.run(nil, "show", "-s", "--format=%ct", ids[0], ids[1], "--")
	f := strings.Fields(string(out))
	if err != nil || len(f) != 2 {
		return a, b
	}
	ta, err1 := strconv.ParseInt(f[0], 10, 64)
	tb, err2 := strconv.ParseInt(f[1], 10, 64)
	if err1 == nil && err2 == nil && ta > tb {
		return b, a
	}
	return a, b
}

// meantRange refuses meant, a range patternRange gives (ID..RIGHT or
// ID...RIGHT), as the log refuses it (CheckRange): its ends one commit,
// reversed, or ID off RIGHT's first-parent line (HEAD^{/x..y}^2..HEAD,
// the side a merge "x..y" brought in), which was given unsaid, and
// refused in turn.
func (r *Repo) meantRange(meant string) error { return r.CheckRange(meant) }

// Holds reports whether git knows rev, a revision without a colon, to
// hold p, a path from the top ("" the top itself), and sub, the
// submodule there at p or on the way to it, from the top, or "": one
// git ls-tree (none for the top), and ok false when git cannot say. A
// hint of REV:PATH from a folder on disk (cd sub; cachediff HEAD~1 .)
// gave git:HEAD~1:sub where HEAD~1 holds no sub, which pasted said
// "does not exist" in turn; and where sub is a submodule there, or
// passes through one (not checked out, or its .git leading nowhere),
// which pasted said "is a submodule", and the hint "which HEAD~1 does
// not hold" of a path below one.
func (r *Repo) Holds(rev, p string) (holds bool, sub string, ok bool) {
	if rev == "" || strings.HasPrefix(rev, "-") || strings.ContainsAny(rev, ":\n\r\x00") || strings.ContainsAny(p, "\n\r\x00") {
		return false, "", false
	}
	if p == "" {
		return true, "", true
	}
	way, files, dirs, err := r.lsWay(rev, p, true)
	if err != nil {
		return false, "", false
	}
	for _, n := range append(way, p) {
		for _, f := range files {
			if f.Path == n && f.Kind == Submodule {
				return n == p, n, true
			}
		}
	}
	return slices.Contains(dirs, p) || slices.ContainsFunc(files, func(f File) bool { return f.Path == p }), "", true
}
