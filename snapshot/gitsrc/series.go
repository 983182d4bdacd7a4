package gitsrc

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/cachediff/cachediff/internal/shellword"
	"github.com/cachediff/cachediff/snapshot"
)

// Commit is one snapshot of a series: PATH at a commit.
type Commit struct {
	ID      string    // the full commit id
	Date    time.Time // the committer date, in the commit's own time zone
	Subject string    // the first paragraph of the message, on one line (git's %s)
	Spec    string    // ID:PATH, PATH from the top of the repository: a REV:PATH to load
	Base    bool      // the range's base (the first element only), not a commit of the range
	// Absent is true when PATH does not exist at the commit: a base from
	// before PATH was made, or a commit that deleted it. Its snapshot is
	// empty: a step from it adds every package, a step to it removes
	// every package.
	Absent bool
}

// Series returns the series of `cachediff log --revs RANGE PATH`, oldest
// first: PATH at the range's base, then PATH at every first-parent commit
// of the range that changed it, as
//
//	git rev-list --first-parent --reverse [--since=S] [--until=U] RANGE -- PATH
//
// lists them. PATH is relative to the current directory (the -C DIR), as
// in that command; "" and "." are the directory itself. since and until
// ("" for none) are dates of ParseDate (relative ones from now), handed
// to git as @SECONDS +0000: git would read a typo as some date.
//
// A range A..B (^A B) that selects no commit whatever PATH and the dates
// (B is A, or an ancestor of A: the range is reversed) is an error that
// names both; so is one whose A is not an ancestor of B, without since:
// its base A would be a snapshot B's history never had.
//
// The base: with a RANGE of one excluded revision (A..B, ^A B) and no
// since, A; otherwise the first parent of the oldest commit listed (PATH
// just before the first change), none when that is a root commit. When
// no commit is listed (none in the range, or in the dates, changed PATH),
// the series is the base alone (one snapshot, no step), and the base is
// then PATH as it stood at the end of the range's dates: the newest
// first-parent commit of RANGE that changed PATH, at or below the newest
// one dated up to until (with a RANGE of excluded revisions and none,
// the first parent of the range's oldest first-parent commit, where its
// line leaves what it excludes: A when A is on B's line, M^1 of M^!), so that a
// nightly job run with --since on a day without a catalogue commit
// reports no change.
//
// A commit of the series where PATH does not exist (a base from before
// PATH was made, a commit that deleted it) is Absent: an empty snapshot.
// A series whose every commit is Absent, or that has none, is an error.
func (r *Repo) Series(rng, p, since, until string) ([]Commit, error) {
	if strings.HasPrefix(rng, "-") {
		// --revs=--all said `bad revision range "--all"`, not why; and
		// -y..HEAD, of a branch -y, not how to write it.
		// Its name, each ref of it and each way within one budget
		// (fitted), each way in ASCII as the ref it names: a tag and
		// a branch -а… (Cyrillic) were given raw, read as Latin, and
		// of 9 folders of 100 such the message was of 14 KB.
		defer r.MemoRefs()()
		var refused error
		if full := r.undashed(rng); full != "" {
			// -z..-y, reversed (or of a tag and a branch -y) was
			// given as refs/heads/-z..-y, refused in turn, unsaid.
			refused = r.CheckRange(full)
		}
		if hint := r.dashHint(rng, shellword.ShownASCIIWithin, maxQuotedInput); hint != "" {
			return nil, errors.New(fitted(maxMessage, func(word int) string {
				hint := r.dashHint(rng, shellword.ShownASCIIWithin, word)
				if refused != nil {
					hint += ", which the log refuses too" + reasonWithin(refused.Error(), word)
				}
				return fmt.Sprintf("bad revision range %s: it begins with -, and git would read it as an option, not revisions; %s", quotedInputWithin(rng, word), hint)
			}))
		}
		return nil, fmt.Errorf("bad revision range %s: it begins with -, and git would read it as an option, not revisions; a range is A..B (HEAD~7..HEAD), and a branch whose name begins with - is written in full (refs/heads/-x)", quotedInput(rng))
	}
	if rng == "" || strings.ContainsAny(rng, "\n\x00") {
		return nil, fmt.Errorf("bad revision range %s", quotedInput(rng))
	}
	if err := checkPathLength(p); err != nil {
		return nil, err
	}
	var dates []string  // --since and --until, as git is to read them
	scope := rng        // the range and its dates, for messages
	sinceAt := int64(0) // --since, in seconds as git is to read it
	// The end of the dates, in seconds: --until, else a day past now
	// (checkDateOrder).
	untilAt := time.Now().Add(24 * time.Hour).Unix()
	var within []string
	for _, d := range []struct {
		flag, value string
		since       bool
	}{{"--since", since, true}, {"--until", until, false}} {
		if d.value == "" {
			continue
		}
		t, err := ParseDate(d.value, time.Now())
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.flag, err)
		}
		dates = append(dates, d.flag+"="+gitDate(t, d.since))
		if d.since {
			sinceAt = t.Unix()
			if t.Nanosecond() > 0 {
				sinceAt++
			}
		} else {
			untilAt = t.Unix()
		}
		within = append(within, strings.TrimPrefix(d.flag, "--")+" "+d.value)
	}
	if len(within) > 0 {
		scope += " (" + strings.Join(within, ", ") + ")"
	}
	top, err := r.topPath(p)
	if err != nil {
		return nil, err
	}
	excluded, included, err := r.rangeRevs(rng)
	if err != nil {
		return nil, err
	}
	var pair []string // A and B of a range A..B
	if len(excluded) == 1 && len(included) == 1 {
		pair = []string{excluded[0], included[0]}
	}
	if since == "" && pair != nil {
		if err := r.checkRange(rng, pair[0], pair[1]); err != nil {
			return nil, err
		}
	}
	if since != "" {
		if err := r.checkDateOrder(rng, since, sinceAt, untilAt, pair); err != nil {
			return nil, err
		}
	}
	args := []string{"rev-list", "--first-parent", "--reverse"}
	args = append(args, dates...)
	spec := ":(top,literal)" + top
	if top == "" {
		spec = ":(top)"
	}
	attrIDs, judge, err := r.attributesInRange(append(args, rng), top)
	if err != nil {
		return nil, err
	}
	out, err := r.run(nil, append(args, rng, "--", spec)...)
	if err != nil {
		return nil, r.rangeError(rng, err)
	}
	ids := strings.Fields(string(out))
	// The commits' objects, and what loading PATH at each asks git
	// first (resolve), in one process, with the base's (below): A of
	// A..B, else the first parent of the oldest commit listed.
	asked := ""
	switch {
	case len(excluded) == 1 && since == "":
		asked = excluded[0]
	case len(ids) > 0:
		asked = ids[0] + "^"
	}
	// And those of the commits attributesInRange judges that are none of
	// ids, after them (before the base, which prefetch asks last).
	listed := make(map[string]bool, len(ids))
	for _, id := range ids {
		listed[id] = true
	}
	all := ids
	for _, id := range attrIDs {
		if !listed[id] {
			listed[id] = true
			all = append(slices.Clip(all), id)
		}
	}
	pre := r.prefetch(all, asked, top)
	answers := map[string]*resolvedAnswers{}
	if pre != nil {
		for i, id := range all {
			answers[id] = &pre[i]
		}
		if extra := len(all) - len(ids); extra > 0 {
			// As asked of ids alone: the base's answers after theirs.
			pre = append(slices.Clip(pre[:len(ids)]), pre[len(all):]...)
		}
	}
	clashed, err := judge(answers)
	if err != nil {
		return nil, err
	}
	commits, parents, err := r.commitsFrom(ids, pre)
	if err != nil {
		return nil, err
	}
	if len(commits) == 0 && until != "" && len(excluded) == 1 {
		if err := r.checkUntilBase(rng, until, untilAt, excluded[0]); err != nil {
			return nil, err
		}
	}
	base := ""
	switch {
	case len(excluded) == 1 && since == "":
		base = excluded[0]
	case len(commits) > 0:
		base = parents[0]
	default:
		// Nothing in the dates: PATH as the last change before them left it.
		from := []string{rng}
		if until != "" {
			// PATH as the newest commit up to until holds it: a change
			// below it dated past until (a clock set ahead) is in it
			// all the same, as it is in a listed change's base.
			out, err := r.run(nil, "rev-list", "--first-parent", "-1", dates[len(dates)-1], rng, "--")
			if err != nil {
				return nil, r.rangeError(rng, err)
			}
			from = nil
			if end := strings.TrimSpace(string(out)); end != "" {
				from = []string{end}
				for _, id := range excluded {
					from = append(from, "^"+id)
				}
			}
		}
		if from != nil {
			out, err := r.run(nil, append(append([]string{"rev-list", "--first-parent", "-1"}, from...), "--", spec)...)
			if err != nil {
				return nil, r.rangeError(rng, err)
			}
			base = strings.TrimSpace(string(out))
		}
		if base == "" && len(excluded) > 0 {
			// No commit of the range changed PATH: PATH as the line
			// left it below the range, at the first parent of its
			// oldest first-parent commit. That is A of A..B when A is
			// on B's line; an A a merge brought in (and perhaps
			// dropped), or one of another branch, is not; and M^1 of
			// M^!, a merge M and its parents left out: the range was
			// "no commit of M^! changed PATH", exit 2, where the
			// same commit as M^..M, or R^! of a commit R no merge, is
			// a quiet log, exit 0 (a gate on merges to main failed).
			// (Its line's root, or a shallow clone's oldest: none.)
			listed := false
			if base, listed, err = r.lineBase(rng, rng); err != nil {
				return nil, err
			}
			if !listed {
				base = excluded[0]
			}
		}
	}
	if base != "" {
		var b []Commit
		if pre != nil && asked != "" && pre[len(ids)].commit.oid == base {
			b, _, err = r.commitsFrom([]string{base}, pre[len(ids):])
		} else {
			b, _, err = r.commits([]string{base})
		}
		if err != nil {
			if _, cerr := r.run(nil, "cat-file", "-e", base); cerr != nil {
				// The parent of a shallow clone's oldest commit.
				return nil, fmt.Errorf("the base of %s, commit %s (PATH as it was before the first change listed), is not in this repository's objects%s", rng, r.shortID(base), r.historyHint())
			}
			return nil, err
		}
		b[0].Base = true
		commits = append(b, commits...)
	}
	if len(commits) == 0 {
		end := ""
		if len(included) == 1 {
			end = included[0]
		}
		hint := ""
		if len(included) == 1 && len(excluded) == 0 {
			hint = r.oneRevisionHint(rng, included[0], top)
		}
		if hint == "" {
			hint = r.logPathHint(end, p, top)
		}
		return nil, fmt.Errorf("no commit of %s changed %s%s", scope, logPath(top), hint)
	}
	exprs := make([]string, len(commits))
	for i, c := range commits {
		exprs[i] = c.ID + ":" + top
	}
	// With each object's id and type, as loading the commit's snapshot
	// asks them (resolve): the commit's other answers are prefetch's.
	exist, objects, err := r.existAnswers(exprs, "--batch-check")
	if err != nil {
		return nil, err
	}
	// A PATH that no commit of the series holds as written is a typo
	// first: a name of it in another case (_cache/Develop where the
	// repository has _cache/develop) was refused as two folders that a
	// case-insensitive checkout merges, "writes both into one folder",
	// where there is one, and the path meant went unnamed (the pair
	// HEAD~1:_cache/Develop HEAD:... says "did you mean"). Such a name
	// at a commit without PATH (clashed, attributesInRange) is refused
	// only when another commit of the series holds PATH.
	nowhere := !slices.Contains(exist, true)
	if clashed != nil && !nowhere {
		return nil, clashed
	}
	present := false
	for i := range commits {
		if !exist[i] {
			// A submodule's commit is not in these objects either: say
			// so, rather than log its packages removed.
			// (One git ls-tree asks both, wayOf.)
			sub, at, kind := r.wayOf(commits[i].ID, top, true)
			if sub != "" {
				return nil, fmt.Errorf("path %s at commit %s is a submodule (commit %s of another repository), not a folder or a file: its pages are not in this repository%s", logPath(top), r.shortID(commits[i].ID), short(sub), r.submoduleLog(rng, top, top, len(within) == 0))
			}
			// Nor where a name on the way is a submodule or a symbolic
			// link (_cache a submodule, or a link to a folder x with
			// x/develop): a checkout holds pages there, which REV:PATH
			// cannot read, and the log said every package was removed
			// where the pair of the same commits is an error.
			if at != "" {
				if kind == Submodule {
					// Its own log, as where no commit changed PATH
					// (submoduleLog): the refusal named none to run.
					return nil, fmt.Errorf("path %s at commit %s passes through %s, a submodule: its pages are in another repository, not in this one%s", logPath(top), r.shortID(commits[i].ID), logPath(at), r.submoduleLog(rng, at, top, len(within) == 0))
				}
				return nil, fmt.Errorf("path %s at commit %s passes through %s, a symbolic link, which REV:PATH does not follow: a checkout holds there what the link leads to", logPath(top), r.shortID(commits[i].ID), logPath(at))
			}
			// Nor is PATH absent where a name on the way is written in
			// another case (_CACHE/develop, no _cache): a checkout on a
			// case-insensitive file system holds its pages at PATH, and
			// a base without PATH logged them all new at the next step.
			// A present commit's is refused as it loads (Source.Walk).
			if nowhere {
				continue
			}
			_, _, _, _, _, cl, err := r.resolve(commits[i].ID, short(commits[i].ID), top, top)
			if err != nil {
				return nil, err
			}
			if cl.path != "" {
				return nil, &snapshot.Error{File: short(commits[i].ID) + ":" + cl.path, Msg: cl.msg}
			}
		}
		commits[i].Absent = !exist[i]
		present = present || exist[i]
	}
	switch {
	case present:
	case len(commits) == 1:
		// git lists no change below a submodule or a link on the way
		// (a pull request that made _cache a submodule holding
		// develop/): the range's end says where PATH went.
		hint := ""
		if len(included) == 1 {
			if at, kind := r.wayBlocked(included[0], top); kind == Submodule {
				hint = fmt.Sprintf("; at %s it passes through %s, a submodule, whose pages are in another repository%s", r.shortID(included[0]), logPath(at), r.submoduleLog(rng, at, top, len(within) == 0))
			} else if kind == Symlink {
				hint = fmt.Sprintf("; at %s it passes through %s, a symbolic link, which REV:PATH does not follow", r.shortID(included[0]), logPath(at))
			} else {
				// A misspelt PATH (_cache/devlop): the one meant.
				hint = r.logPathHint(included[0], p, top)
			}
		}
		return nil, fmt.Errorf("no commit of %s changed %s, and it does not exist at the base (commit %s)%s", scope, logPath(top), r.shortID(commits[0].ID), hint)
	default:
		// No test reaches this, nor can a whole repository: each commit
		// listed changed PATH from its first parent (--first-parent),
		// so PATH is at it or at that parent, and the oldest one's
		// first parent is the base, or, of A..B, a commit of B's line
		// past A (checkRange) that holds PATH as A does; a commit's
		// PATH whose object a partial clone lacks is refused before
		// (cat-file warns of it). Kept for a git that lists otherwise.
		hint := ""
		if len(included) == 1 {
			hint = r.logPathHint(included[0], p, top)
		}
		return nil, fmt.Errorf("%s does not exist at any commit of the series of %s%s", logPath(top), rng, hint)
	}
	for i := range commits {
		commits[i].Spec = commits[i].ID + ":" + top
	}
	// What loading each present commit's snapshot through r asks git
	// first, answered: Resolve(Spec) starts no process for it.
	if pre != nil {
		at := make(map[string]int, len(commits))
		for i := range commits {
			at[commits[i].ID] = i
		}
		for k := range pre {
			id := pre[k].commit.oid // "" for no base
			if i, ok := at[id]; ok && id != "" && !commits[i].Absent && objects[i].typ != "" {
				a := pre[k]
				a.object = objects[i]
				r.keepResolved(id, top, top, &a)
			}
		}
	}
	return commits, nil
}

// checkDateOrder refuses a --since (at seconds) that the first-parent
// history of rng cannot place: git stops its walk at the first commit
// dated before since, so a commit dated before it with an ancestor dated
// within it (a tip back-dated to 2001: commit dates are the committer's
// to write) would hide itself and every commit of the dates under it,
// and the series would be PATH at that commit alone, no step: a gate
// passed over whatever those commits did. An ancestor dated after until
// (--until, else a day past now) is not within the dates: the log would
// leave it out wherever git stopped, and one ancient commit dated ten
// years ahead (a committer's clock set wrong) refused every --since of
// the decade, where git's own answer was right.
//
// ends, when not nil, are the range's two ends, A and B of A..B, which
// it refuses first when they select no commit whatever the dates (B is
// A, or an ancestor of A: the range is reversed), as checkRange does,
// from the same rev-list: it lists no commit just when B is A's
// ancestor (its excluded commits are all of A's, whatever
// --first-parent), which git merge-base --is-ancestor said in one
// process more, or two.
func (r *Repo) checkDateOrder(rng, since string, at, until int64, ends []string) error {
	if ends != nil {
		if err := r.sameEnds(rng, ends[0], ends[1]); err != nil {
			return err
		}
	}
	out, err := r.run(nil, "rev-list", "--first-parent", "--timestamp", rng, "--")
	if err != nil {
		return r.rangeError(rng, err)
	}
	if ends != nil && len(bytes.TrimSpace(out)) == 0 {
		return r.reversedRange(rng, ends[0], ends[1])
	}
	var before string // the newest commit dated before since
	var beforeAt int64
	for line := range strings.Lines(string(out)) {
		ts, id, ok := strings.Cut(strings.TrimSpace(line), " ")
		if !ok {
			continue
		}
		when, err := strconv.ParseInt(ts, 10, 64)
		if err != nil {
			continue
		}
		switch {
		case when < at && before == "":
			before, beforeAt = id, when
		case when >= at && when <= until && before != "":
			return fmt.Errorf("--since %s: the first-parent history of %s is not in date order: commit %s is dated %s, before it, and its ancestor %s is dated %s, within it: git stops its walk at %s, which would leave it and the commits of the dates out of the log (a commit's date is whatever its committer wrote); give the range by its commits (A..B) instead",
				since, quotedRev(rng), short(before), dateText(beforeAt), short(id), dateText(when), short(before))
		}
	}
	return nil
}

// checkUntilBase refuses an --until (at seconds) dated before base, the
// commit a range of no commit in the dates starts from: no commit after
// base is in the dates but one dated before its parent (a committer's
// clock set back), so the quiet range is most likely a typo of the date
// (--until 2015-06-01 for 2025-06-01), and a quiet range passes a gate.
func (r *Repo) checkUntilBase(rng, until string, at int64, base string) error {
	out, err := r.run(nil, "show", "-s", "--format=%ct", base, "--")
	if err != nil {
		return r.rangeError(rng, err)
	}
	when, err := strconv.ParseInt(strings.TrimSpace(string(out)), 10, 64)
	if err != nil || at >= when {
		return nil
	}
	return fmt.Errorf("--until %s is before the range %s begins: its base, commit %s, is dated %s, so no commit of the range is in the dates (a typo of the date?)", until, quotedRev(rng), short(base), dateText(when))
}

// dateText writes a commit date of seconds for messages.
func dateText(s int64) string { return time.Unix(s, 0).UTC().Format(time.RFC3339) }

// endHint is the range to give for --revs ^END, of the commits
// excluded: END..HEAD where the log would take it, else END..B: ^HEAD
// (or ^main on main, ^side off HEAD's line) was told to give HEAD..HEAD
// (main..HEAD, side..HEAD), a range refused in turn.
func (r *Repo) endHint(end string, excluded []string) string {
	if len(excluded) == 1 {
		head, err := r.verifyCommit("HEAD")
		if h := strings.TrimSpace(string(head)); err == nil && h != "" && r.checkRange(end+"..HEAD", excluded[0], h) == nil {
			return r.shownRev(r.leftEnd(end) + ".." + r.headName())
		}
	}
	return r.shownRev(r.leftEnd(end)+"..B") + ", B a later commit of its first-parent line"
}

// rangeEnds names the ends a and b of the range rng (A..B) for
// messages: as written, else by their short ids (shortID: a way given
// of them reads back).
func (r *Repo) rangeEnds(rng, a, b string) (left, right string) {
	if l, rt, ok := strings.Cut(rng, ".."); ok && !strings.Contains(rng, "...") {
		return cmp.Or(l, "HEAD"), cmp.Or(rt, "HEAD")
	}
	return r.shortID(a), r.shortID(b)
}

// sameEnds refuses the range rng whose ends a and b are one commit.
func (r *Repo) sameEnds(rng, a, b string) error {
	if a != b {
		return nil
	}
	if l, rt, ok := strings.Cut(rng, "..."); ok {
		// A...B: rangeEnds names the ends by their ids, and both are
		// the one commit, so it said "X and X are the same commit".
		// The example only where the commit has a parent: of a root,
		// END~1..END is refused as unknown in turn.
		end, example, instead := cmp.Or(rt, "HEAD"), "", ""
		if ok, err := r.Knows(a + "~1"); ok && err == nil {
			// END~1 by its commit where END holds ..
			// (HEAD^{/a..b}, a pattern), which git cuts the range at.
			instead = r.leftEnd(end+"~1") + ".." + end
			example = " (as " + shellword.ShownASCII(instead) + ")"
		}
		return &refusal{fmt.Sprintf("the range %s selects no commit: %s and %s are the same commit, %s; a log is of A..B, A an older commit of B's first-parent line%s", quotedRev(rng), quotedRev(cmp.Or(l, "HEAD")), quotedRev(end), short(a), example), instead}
	}
	left, right := r.rangeEnds(rng, a, b)
	return fmt.Errorf("the range %s selects no commit: %s and %s are the same commit", quotedRev(rng), quotedRev(left), quotedRev(right))
}

// reversedRange is the error of the range rng whose end b is an
// ancestor of its base a. The other way round is written as the log
// takes it: HEAD..-y, of a branch -y, was told -y..HEAD, refused as an
// option (undashed); and where b is no commit of a's first-parent line
// (main..side, side merged into main), as the log's line runs: side..main
// was given, which the log refuses in turn (checkFirstParentBase).
func (r *Repo) reversedRange(rng, a, b string) error {
	left, right := r.rangeEnds(rng, a, b)
	instead := r.spelt(r.leftEnd(right) + ".." + left)
	other := shellword.ShownASCII(instead) + " is the other way round"
	if parent, _, err := r.lineBase(b+".."+a, rng); err == nil && parent != b {
		along := r.shortID(parent) + ".." + left
		if parent == "" {
			// The line runs to a root (or a shallow clone's edge)
			// without passing b, a root merged in: b..a was named,
			// refused in turn as off the line; the range that refusal
			// names (the whole line, a) is the one the log takes.
			along = Instead(r.checkRange(instead, b, a))
		}
		if along != "" {
			instead = along
			other = fmt.Sprintf("the other way round along the first-parent line of %s, which a merge brought %s into, is %s", quotedRev(left), quotedRev(right), shellword.ShownASCII(instead))
			if !strings.Contains(instead, "..") {
				other += " (the whole line, to its root)"
			}
		}
	}
	return &refusal{fmt.Sprintf("the range %s is reversed: %s is an ancestor of %s, so it selects no commit; %s", quotedRev(rng), quotedRev(right), quotedRev(left), other), instead}
}

// refusal is the log's refusal of a range that names a range to give
// instead (the other way round, from a fork), as the shell is to read
// it: a message that gives a whole command (input's hint of a range
// given with no --revs) writes it, which it could only say as the
// refusal's words.
type refusal struct {
	msg, instead string
}

func (e *refusal) Error() string { return e.msg }

// Instead is the range err, the log's refusal of a range (CheckRange),
// names to give instead, as git reads it; "" when it names none.
func Instead(err error) string {
	if e, ok := errors.AsType[*refusal](err); ok {
		return e.instead
	}
	return ""
}

// checkRange refuses the range rng, of one excluded commit a, the
// series' base, and one included b, when it selects no commit whatever
// the path (b is a or an ancestor of a) or when a is not an ancestor of
// b on its first-parent line. (With --since, checkDateOrder refuses the
// first two, and the base is another.)
func (r *Repo) checkRange(rng, a, b string) error {
	left, right := r.rangeEnds(rng, a, b)
	if err := r.sameEnds(rng, a, b); err != nil {
		return err
	}
	// The common case in one process: a base a that is the first
	// parent of a commit of b's first-parent line is an ancestor of b
	// on its line, which git merge-base --is-ancestor and then the
	// rev-list of checkFirstParentBase said in two. Otherwise, or on an
	// error, the questions in their order.
	var line *string // the first parent lineBase gave
	parent, _, err := r.lineBase(a+".."+b, rng)
	if err == nil && parent == a {
		return nil
	}
	if err == nil {
		line = &parent
	}
	ancestor, err := r.isAncestor(a, b)
	if err != nil {
		return err
	}
	if ancestor {
		return r.checkFirstParentBase(rng, left, right, a, b, line)
	}
	if back, err := r.isAncestor(b, a); err != nil || back {
		if err == nil {
			err = r.reversedRange(rng, a, b)
		}
		return err
	}
	out, err := r.run(nil, "merge-base", a, b)
	if fork := strings.TrimSpace(string(out)); err == nil && fork != "" {
		fork = r.shortID(fork)
		use, off := fork+".."+right, ""
		// A fork off the first-parent line of right (a merge brought
		// it in): FORK..right was given to use, refused in turn; the
		// range the refusal of it names is given, said so.
		if other := Instead(r.CheckRange(use)); other != "" {
			off = fmt.Sprintf(", the same commits of its first-parent line (the fork is not on it: a merge brought it in, so %s is refused too)", shellword.ShownASCII(use))
			use = other
		}
		return &refusal{fmt.Sprintf("the range %s: %s is not an ancestor of %s (they forked at commit %s): the series would start from a snapshot %s never had; use %s%s%s", quotedRev(rng), quotedRev(left), quotedRev(right), fork, quotedRev(right), shellword.ShownASCII(use), off, r.historyHint()), use}
	}
	return fmt.Errorf("the range %s: %s and %s share no history%s", quotedRev(rng), quotedRev(left), quotedRev(right), r.historyHint())
}

// checkFirstParentBase refuses the base a of the range rng (a..b, a an
// ancestor of b, left and right their names) when a is not on b's
// first-parent line: a commit a merge brought in (a pull request's, or
// a push's "before" once main was fast-forwarded to a branch that had
// merged it). The first-parent commits of a..b are those of the line
// not under a, and the oldest's first parent is then not a: the series
// would step from a's branch to a commit of the line that never had
// a's changes, logging them removed, and the merge adding them again.
// line, when not nil, is what lineBase of a..b gave already.
func (r *Repo) checkFirstParentBase(rng, left, right, a, b string, line *string) error {
	var parent string
	if line != nil {
		parent = *line
	} else {
		var err error
		if parent, _, err = r.lineBase(a+".."+b, rng); err != nil {
			return err
		}
	}
	if parent == a {
		return nil
	}
	instead := r.spelt(right) // its line ends within the range, at a root
	from := shellword.ShownASCII(instead)
	switch oldest := r.shallowEnd(a, b); {
	case parent != "":
		instead = r.shortID(parent) + ".." + right
		from = shellword.ShownASCII(instead) + ", the same commits of the line"
	case oldest != "":
		// A shallow clone's oldest commit: the one revision B reads the
		// history up to B, whose base is not in the clone, and the log
		// refused it in turn.
		instead = r.shortID(oldest) + ".." + right
		from = shellword.ShownASCII(instead) + ", from the oldest commit of the line this clone holds" + shallowHint
	}
	return &refusal{fmt.Sprintf("the range %s: %s is not on the first-parent line of %s (a merge brought it in): the series would step from %s's branch to commits of the line that never had its changes, and log them undone; use %s", quotedRev(rng), quotedRev(left), quotedRev(right), quotedRev(left), from), instead}
}

// shallowEnd is the commit where the first-parent line of a..b ends
// within the range at a shallow clone's edge (a commit whose parents the
// clone does not hold), "" when it ends at a root or git cannot say.
func (r *Repo) shallowEnd(a, b string) string {
	out, err := r.run(nil, "rev-list", "--first-parent", "--max-parents=0", a+".."+b, "--")
	oldest := strings.TrimSpace(string(out))
	if err != nil || oldest == "" || strings.Contains(oldest, "\n") {
		return ""
	}
	obj, err := r.run(nil, "cat-file", "commit", oldest)
	if err != nil || !bytes.Contains(obj, []byte("\nparent ")) {
		return ""
	}
	return oldest
}

// lineBase returns the first parent of the oldest first-parent commit
// of the range list: where its line leaves the commits list excludes; ""
// when that commit has no parent. listed is false when list selects no
// commit. Its errors name rng, the range as given.
func (r *Repo) lineBase(list, rng string) (parent string, listed bool, err error) {
	out, err := r.run(nil, "rev-list", "--first-parent", "--parents", list, "--")
	if err != nil {
		return "", false, r.rangeError(rng, err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	oldest := strings.Fields(lines[len(lines)-1])
	if len(oldest) > 1 {
		return oldest[1], true, nil
	}
	return "", len(oldest) == 1, nil
}

// peel replaces each id of ids by its commit: rev-parse names an
// annotated tag of a range by the tag's own object (one process for all).
func (r *Repo) peel(ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	args := []string{"rev-parse"}
	for _, id := range ids {
		args = append(args, id+"^{commit}")
	}
	out, err := r.run(nil, args...)
	if err != nil {
		return err
	}
	peeled := strings.Fields(string(out))
	if len(peeled) != len(ids) {
		return fmt.Errorf("git rev-parse: %d commits for %d revisions", len(peeled), len(ids))
	}
	copy(ids, peeled)
	return nil
}

// oneRevisionHint is the hint for a log whose range rng is one revision
// (end, a commit), whose history has no commit of PATH (top from the top
// of the repository), where HEAD, after end, holds PATH: the range meant
// is end..HEAD (--revs HEAD~3 for HEAD~3..HEAD, as git log HEAD~3 is
// the history up to HEAD~3), which the near path at end
// (logNearHint: _cache/develop-2025-02-16 for develop-2025-03-16) did
// not say. "" otherwise.
func (r *Repo) oneRevisionHint(rng, end, top string) string {
	out, err := r.verifyCommit("HEAD")
	head := strings.TrimSpace(string(out))
	if err != nil || head == "" || head == end {
		return ""
	}
	if ok, err := r.exist([]string{head + ":" + top}); err != nil || !ok[0] {
		return ""
	}
	if ok, err := r.isAncestor(end, head); err != nil || !ok {
		return ""
	}
	return fmt.Sprintf("; the range %s is one revision, which selects its history up to it, and %s is there at HEAD: for the commits after it, give %s", quotedRev(rng), logPath(top), r.shownRev(r.leftEnd(rng)+".."+r.headName()))
}

// isAncestor reports whether commit a is an ancestor of commit b (or b).
func (r *Repo) isAncestor(a, b string) (bool, error) {
	_, err := r.run(nil, "merge-base", "--is-ancestor", a, b)
	if ge, ok := err.(*gitError); ok && ge.code == 1 {
		return false, nil
	}
	return err == nil, err
}

// topPath turns a path relative to the current directory into one
// relative to the top of the repository. One with a line break or a NUL
// is refused before git runs, as loading REV:PATH refuses it: git cannot
// name it, and the log reads PATH at each commit.
func (r *Repo) topPath(p string) (string, error) {
	switch {
	case strings.ContainsAny(p, lineBreaks):
		return "", fmt.Errorf("path %s has a line break or a NUL: git cannot name it in REV:PATH, as a log reads PATH at each commit", quotedInput(p))
	case path.IsAbs(p):
		if _, here, ok := r.workTreePath(p); ok {
			// log --revs R $PWD/_cache/develop: named the path the log
			// wants, as git names it to git log, not the slip.
			return "", fmt.Errorf("path %s: want a path relative to the current directory; this one is %s", logPath(p), logPath(here))
		}
		return "", fmt.Errorf("path %s: want a path inside the repository%s, relative to the current directory%s", logPath(p), r.topNamed(), r.otherRepoHint(p))
	}
	prefix, err := r.showPrefix()
	if err != nil {
		return "", err
	}
	top := path.Clean(prefix + p)
	switch {
	case strings.ContainsAny(top, lineBreaks):
		// From the current folder's name: each commit's folders on the
		// way to top are named to git cat-file a line each (resolve).
		return "", fmt.Errorf("path %s, from the top of the repository %s, has a line break or a NUL in the current folder's name: git cannot name it in REV:PATH, as a log reads PATH at each commit", quotedInput(p), quotedInput(top))
	case top == ".":
		return "", nil
	case top == ".." || strings.HasPrefix(top, "../"):
		return "", fmt.Errorf("path %s is outside the repository%s, whose history the log reads%s", logPath(p), r.topNamed(), r.otherRepoHint(p))
	}
	return top, nil
}

// topNamed is " TOP", the top of the repository's work tree, for a
// message that names the repository; "" when git does not say. TOP is
// written as logPath writes a path: raw, a top of "/tmp/a; b" ran into
// the words around it ("the repository /tmp/a; b, whose history").
func (r *Repo) topNamed() string {
	out, err := r.run(nil, "rev-parse", "--show-toplevel")
	if top := strings.TrimSuffix(string(out), "\n"); err == nil && top != "" {
		return " " + logPath(top)
	}
	return ""
}

// otherRepoHint is what to add to the message of a log's PATH p outside
// the repository: when p, on disk from the current folder (or -C's),
// lies in the work tree of another repository (../other/_cache/develop,
// given from the top of a first), to give -C with that work tree and the
// path from there, or run cachediff from inside it; else that PATH lies
// in the repository whose history is read. The log reads PATH from git
// at each commit, never from disk. The work tree is named as logPath
// names a path, the -C and the path from there as shell words.
func (r *Repo) otherRepoHint(p string) string {
	abs := filepath.FromSlash(p)
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(cmp.Or(r.dir, "."), abs)
	}
	abs, err := filepath.Abs(abs)
	if err != nil {
		return ""
	}
	for d := abs; ; {
		// A .git that holds no repository (snapshot.GitEntry), git
		// passes over: named another repository's work tree, its -C
		// was refused, not a git repository.
		if snapshot.GitEntry(d) {
			rel, err := filepath.Rel(d, abs)
			if err != nil {
				break
			}
			// Each word to paste in ASCII (shellword.ShownASCIIWithin),
			// as the work tree is named: -C 'othеr' (its е Cyrillic)
			// read as other's, within the line cap.
			return fmt.Sprintf(": it lies in another repository's work tree, %s; to read that one's history, run cachediff inside it, or give -C %s and the path from there, %s", logPath(d), shellword.ShownASCIIWithin(d, maxQuotedInput), shellword.ShownASCIIWithin(filepath.ToSlash(rel), maxQuotedInput))
		}
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	return ": the log reads PATH from git at each commit, so give a path in that repository (from the current folder, or -C DIR's)"
}

// rangeError names the revision of a range git did not know, when there
// is one. git's answers are held while it asks (MemoRefs): spacedRange
// asked whether HEAD, an end of 'HEAD..a b', is a commit, and the ends'
// check asked again (log --revs 'HEAD..a b' ran git 10 times, where
// HEAD..missing runs 8).
func (r *Repo) rangeError(rng string, err error) error {
	if _, ok := err.(*gitError); !ok {
		return err
	}
	defer r.MemoRefs()()
	if e := r.spacedRange(rng); e != nil {
		return e
	}
	parts, err2 := r.patternRange(rng)
	if err2 != nil {
		return err2
	}
	for _, sep := range []string{"...", ".."} {
		if a, b, ok := strings.Cut(rng, sep); ok && parts == nil {
			parts = []string{a, b}
		}
	}
	if parts == nil {
		parts = []string{rng}
	}
	if len(parts) == 2 && strings.TrimSpace(parts[0]) == "" && strings.TrimSpace(parts[1]) == "" {
		// .. ($A..$B, both unset): git's "bad revision '..'"; blank
		// ends were each an "unknown revision" of spaces, written raw.
		return fmt.Errorf("the range %s names no revision at either end: a range is A..B (HEAD~7..HEAD), A.. or ..B", quotedRev(rng))
	}
	for _, rev := range parts {
		rev = strings.TrimPrefix(rev, "^")
		if rev == "" {
			continue // A.. is A..HEAD
		}
		if _, verr := r.verifyCommit(rev); verr != nil {
			// The range named after its end, unless it is that end
			// alone: --revs nope said "unknown revision nope in the
			// range nope", a revision of 9 KB quoted twice.
			// Both, and the hint that follows, within one budget
			// (fitted): a range of a name of 2 KB past the root said
			// each whole, then the root's note, 5.6 KB.
			in := func(word int) string {
				if rev == rng {
					return ""
				}
				return " in the range " + quotedRevWithin(rng, word)
			}
			what, fault, has := "revision", "", false
			if fault, has = r.endFault(rev, err); fault == "" {
				what, fault = "unknown revision", r.unknownHintHas(rev, has)
			}
			return errors.New(fitted(maxMessage, func(word int) string {
				return what + " " + quotedRevWithin(rev, word) + in(word) + fault
			}))
		}
	}
	return fmt.Errorf("revision range %s: %v", quotedRev(rng), err)
}

// endFault is what is wrong with rev, an end of a range that is no
// commit, where git knows the name, said after it: " is a tree, not a
// commit", an abbreviated id ambiguous, a commit not in the objects, or
// git's reason of a reflog's or upstream's revision (refLogWhy, of err,
// git's error of the range or of rev). "" when git knows no such name;
// has is then whether HEAD is known here (for unknownHintHas).
func (r *Repo) endFault(rev string, err error) (fault string, has bool) {
	// A name git knows whose object is not here (HEAD detached
	// at a pruned commit): say so, as commit does, not "unknown".
	name := rev
	if i := strings.IndexAny(rev, "~^:"); i > 0 {
		name = rev[:i]
	}
	// What rev and name are, asked of git at once (endObjects):
	// each end ran cat-file -t, rev-parse --verify and cat-file -e.
	typ, nameHere, asked := r.endObjects(rev, name)
	if !asked && !strings.HasPrefix(rev, "-") {
		if out, terr := r.run(nil, "cat-file", "-t", rev); terr == nil {
			typ = strings.TrimSpace(string(out))
		}
	}
	if typ != "" && !strings.HasPrefix(rev, "-") {
		// A tree or a blob (main^{tree}, main:file): git knows it.
		return fmt.Sprintf(" is a %s, not a commit", typ), false
	}
	if why := r.ambiguous(rev); why != "" {
		return why, false
	}
	// HEAD known here is what historyHint asks, not again.
	has = nameHere && name == "HEAD"
	if !nameHere && !strings.HasPrefix(name, "-") {
		if out, verr := r.run(nil, "rev-parse", "--verify", "--quiet", name); verr == nil {
			if id := strings.TrimSpace(string(out)); id != "" {
				has = name == "HEAD"
				here := false
				if !asked {
					_, cerr := r.run(nil, "cat-file", "-e", id)
					here = cerr == nil
				}
				if !here {
					if rev == name && strings.EqualFold(name, id) {
						return " is not in this repository's objects" + r.historyHint(), false
					}
					return ": " + notInObjects(name, id) + r.historyHint(), false
				}
			}
		}
	}
	if why := refLogWhy(rev, err); why != "" {
		return ": " + why, false
	}
	return "", has
}

// endObjects asks git, in one cat-file --batch-check, what a range's end
// rev is and whether name, the ref or id it begins with, names an
// object here: typ is rev's object type ("" when git finds none), and
// nameHere whether name's object is here. asked is whether git was
// asked: not so of a rev or name holding a line break, which a line of
// its standard input cannot carry (nameHere is then false, to be asked
// as before).
func (r *Repo) endObjects(rev, name string) (typ string, nameHere, asked bool) {
	if strings.ContainsAny(rev, lineBreaks+"\x00") || rev == "" || name == "" {
		return "", false, false
	}
	in := rev + "\n"
	if name != rev {
		in += name + "\n"
	}
	out, err := r.run(strings.NewReader(in), "cat-file", "--batch-check=%(objectname) %(objecttype)")
	if err != nil {
		return "", false, false
	}
	var answers []string
	for l := range strings.Lines(string(out)) {
		answers = append(answers, strings.TrimSuffix(l, "\n"))
	}
	if len(answers) != strings.Count(in, "\n") {
		return "", false, false
	}
	// An answer is "ID TYPE", or the name asked and "missing" (or
	// "ambiguous"), which a name holding a space may end in too: the
	// answer is read as found only of an id and a type.
	found := func(a string) string {
		id, t, ok := strings.Cut(a, " ")
		if !ok || len(id) < 40 || strings.Trim(id, "0123456789abcdef") != "" {
			return ""
		}
		switch t {
		case "commit", "tree", "blob", "tag":
			return t
		}
		return ""
	}
	typ = found(answers[0])
	return typ, found(answers[len(answers)-1]) != "", true
}

// submoduleLog is, of PATH (top, from the top) through the submodule at
// (from the top), checked out, the log of it in that repository, as a
// revision beside it is given (cachediff -C sub log --revs HEAD~1..HEAD
// sub/snap was told PATH passes through a submodule, not what to run):
// ": its own log is cachediff -C DIR log --revs RANGE PATH", DIR from
// the current folder when below it, else absolute, or that log's
// refusal (OwnLog). "" when it is not checked out (no repository at it
// that git reads: snapshot.GitEntry, not a .git link to nowhere, whose
// log was given and refused pasted), or of a log within dates (bare,
// not given).
func (r *Repo) submoduleLog(rng, at, top string, bare bool) string {
	if !bare {
		return ""
	}
	prefix, err := r.showPrefix()
	if err != nil {
		return ""
	}
	rel, err := filepath.Rel(filepath.FromSlash("/"+prefix), filepath.FromSlash("/"+at))
	if err != nil {
		return ""
	}
	dir := filepath.Join(cmp.Or(r.dir, "."), rel)
	if !snapshot.GitEntry(dir) {
		return ""
	}
	if !filepath.IsLocal(dir) {
		if dir, err = filepath.Abs(dir); err != nil {
			return ""
		}
	}
	own, err := OpenRepo(dir)
	if err != nil {
		return ""
	}
	return ": its own log " + own.OwnLog(filepath.ToSlash(dir), rng, strings.TrimPrefix(strings.TrimPrefix(top, at), "/"), shellword.Shown)
}

// LogIn is the command of the log over rng of p in the repository read
// with -C dir: cachediff -C DIR log --revs RANGE PATH, PATH "." for its
// top and ./-x for one beginning with -, written as the shell word word
// gives.
func LogIn(dir, rng, p string, word func(string) string) string {
	p = cmp.Or(p, ".")
	if strings.HasPrefix(p, "-") {
		p = "./" + p
	}
	return fmt.Sprintf("cachediff %slog --revs %s %s", InFolder(dir), shellword.ShownWithin(rng, maxQuotedInput), word(p))
}

// OwnLog is what a message says of the log over rng of p in r, another
// repository than the one whose revisions were given (a submodule's, a
// nested one's), read with -C dir (LogIn): "is CMD" where its log takes
// the range, else "(CMD) refuses: WHY" and the range the refusal names,
// "; to run it: CMD" (past its root, reversed there: that log was given,
// refused in turn).
func (r *Repo) OwnLog(dir, rng, p string, word func(string) string) string {
	cmd := LogIn(dir, rng, p, word)
	err := r.CheckRange(rng)
	if err == nil {
		return "is " + cmd
	}
	said := fmt.Sprintf("(%s) refuses: %v", cmd, err)
	if other := Instead(err); other != "" {
		said += "; to run it: " + LogIn(dir, other, p, word)
	}
	return said
}

// refLogWhy is git's reason, from err, why it did not resolve rev, a
// revision of a ref's reflog, upstream or push (@{u}, main@{99}): "no
// upstream configured for branch 'main'", "log for 'main' only has 3
// entries", which a range said as "unknown revision @{u}", as though
// git knew no such name. "" for another revision, or a reason git
// gives any name (an unknown one, a bad one).
func refLogWhy(rev string, err error) string {
	ge, ok := err.(*gitError)
	if !ok || !strings.Contains(rev, "@{") || ge.stderr == "" {
		return ""
	}
	for _, said := range []string{"unknown revision", "bad revision", "ambiguous argument", "Needed a single revision"} {
		if strings.Contains(ge.stderr, said) {
			return ""
		}
	}
	// In ASCII, cut past maxQuotedInput (quotedInput), where it holds
	// a character that does not print or is past ASCII: git names the
	// ref as it is, "log for 'mаin' only has 2 entries" (its а
	// Cyrillic) read as main's, and a U+202E in it reached the terminal.
	if len(ge.stderr) > maxQuotedInput || strings.ContainsFunc(ge.stderr, func(c rune) bool { return c < ' ' || c >= 0x7f }) {
		return quotedInput(ge.stderr)
	}
	return ge.stderr
}

// logPath is PATH as a log's refusals and the loader's messages name it
// (no commit changed it, it exists at no commit, it is a submodule):
// displayPath, quoted (Go escapes, in ASCII) where it holds a space, a
// comma, a parenthesis, a double or a single quote, a backslash, or a character
// that does not print or is past ASCII, as report.RevsPath quotes the
// log's own note of it: unquoted, cachediff log --revs HEAD~1..HEAD
// './-x y' said "no commit of HEAD~1..HEAD changed -x y, and it does not
// exist at the base", the path run into the words around it, a folder
// "(the top of the repository)" read as the top, "path a\b c does not
// exist" named a folder of a backslash or of a control character alike,
// and dеv (its е Cyrillic) read as dev; "path 'snap' does not exist"
// read as quotes of the message around snap. Cut about its mark past
// maxQuotedInput bytes (snapshot.CutShown): a repository whose top is
// 1,700 Cyrillic letters deep, named whole in ASCII twice by a PATH
// outside it, ran the line past its cap, what to do cut off.
func logPath(p string) string {
	return snapshot.CutShown(p, maxQuotedInput, logPathWhole)
}

// logPathWhole is logPath uncut.
func logPathWhole(p string) string {
	if p != "" && strings.ContainsFunc(p, func(c rune) bool {
		return unicode.IsSpace(c) || !unicode.IsPrint(c) || c >= utf8.RuneSelf || strings.ContainsRune(`,()"'\`, c)
	}) {
		return strconv.QuoteToASCII(p)
	}
	return displayPath(p)
}

// quotedRev is a revision, or a range, as a message names it: as it is,
// or quoted (Go escapes) when it is empty or holds a space or a
// character that does not print, which written as it is would not read
// as the one word it is ("unknown revision   in the range  .. "); in
// ASCII when it holds one past ASCII, as logPath and the loaders quote a
// name: "unknown revision mаin" (its а Cyrillic) read as main.
func quotedRev(s string) string { return quotedRevWithin(s, maxQuotedInput) }

// quotedRevWithin is quotedRev cut past most bytes (fitted).
func quotedRevWithin(s string, most int) string {
	if len(s) > most {
		// Cut about its mark, within the line cap: a range of 96 KB
		// was named whole, twice.
		return quotedInputWithin(s, most)
	}
	if s == "" || strings.ContainsFunc(s, func(c rune) bool { return unicode.IsSpace(c) || !unicode.IsPrint(c) || c >= utf8.RuneSelf }) {
		if q := strconv.QuoteToASCII(s); len(q) <= most {
			return q
		}
		// Quoted, it is past the bound: 680 U+200B (2 KB) are 4 KB
		// escaped, and a range named with its end was past the line
		// cap, its advice cut. Cut as quotedInput cuts, after quoting.
		return quotedInputWithin(s, most)
	}
	return s
}

// spacedRange is the error of a range written as git rev-list's two
// arguments in one ("^HEAD~3 HEAD", "HEAD~3 HEAD"): no ref name holds a
// space, so git knows no such revision, and "unknown revision HEAD~3
// HEAD" did not say that a range is one argument; so is one with spaces
// around its dots (HEAD~3 .. HEAD). When both revisions are commits, it
// gives the range as one word to paste back
// (HEAD~3..HEAD), else it names the one git does not know; nil for a
// range of another shape.
func (r *Repo) spacedRange(rng string) error {
	f := strings.Fields(rng)
	if len(f) > 1 && strings.Contains(rng, "..") {
		// A range with spaces around its dots (HEAD~3 .. HEAD): the
		// range without them, when both its ends are commits, else the
		// end git does not know. Each end is taken as written, its
		// spaces around the dots trimmed: joined, 'HEAD .. a b' left
		// its end to the ends' check, which named the other with its
		// space (unknown revision "HEAD "), and HEAD@{1 day ago} was
		// given back as HEAD@{1dayago}, another date.
		sep := ".."
		if strings.Contains(rng, "...") {
			sep = "..."
		}
		a, b, ok := strings.Cut(rng, sep)
		from, to := strings.TrimSpace(a), strings.TrimSpace(b)
		if !ok || a == strings.TrimRightFunc(a, unicode.IsSpace) && b == strings.TrimLeftFunc(b, unicode.IsSpace) {
			return nil // no space around the dots: the ends' check names the end
		}
		// An end beginning with - is asked of git after
		// --end-of-options (verifyCommit): skipped, 'HEAD~1 .. -x' was
		// left to the ends' check, which said unknown revision "HEAD~1 "
		// of a commit git knows. The first end so is a range that
		// begins with -, refused before.
		for _, rev := range []string{from, to} {
			if rev == "" || strings.Contains(rev, "..") || strings.HasPrefix(from, "-") {
				return nil
			}
		}
		for _, rev := range []string{from, to} {
			if _, err := r.verifyCommit(rev); err != nil {
				return r.spacedEnd(rng, "has spaces", rev, err)
			}
		}
		one := from + sep + to
		return r.spacedSaid(rng, "has spaces", one)
	}
	if len(f) != 2 || strings.Contains(rng, "..") {
		return nil
	}
	from, to := f[0], f[1]
	if a, ok := strings.CutPrefix(to, "^"); ok {
		from, to = a, from
	} else {
		from = strings.TrimPrefix(from, "^")
	}
	for _, rev := range []string{from, to} {
		// 'HEAD~1 -x' (its second end beginning with -, asked after
		// --end-of-options) was said to be unknown revision "HEAD~1 -x".
		if rev == "" || strings.HasPrefix(rev, "^") || strings.HasPrefix(from, "-") {
			return nil
		}
		if _, err := r.verifyCommit(rev); err != nil {
			return r.spacedEnd(rng, "is two revisions", rev, err)
		}
	}
	return r.spacedSaid(rng, "is two revisions", from+".."+to)
}

// spacedEnd is spacedRange's error of rng, what it is, of an end, rev,
// that is no commit (err, git's error of it): what git knows of rev
// (endFault), else that git knows no commit of that name. Every such
// end was said to be one git knows no commit of: HEAD^{tree}, a tree,
// and main@{99}, of a reflog of 3 entries, which the range written as
// one argument named.
func (r *Repo) spacedEnd(rng, what, rev string, err error) error {
	head := fmt.Sprintf("revision range %s %s: a range is one argument (A..B), and ", quotedInput(rng), what)
	if strings.Contains(rev, "@{") {
		// git's reason (refLogWhy), which verifyCommit's --quiet keeps
		// back: "log for 'main' only has 3 entries".
		if _, e := r.run(nil, "rev-parse", "--verify", "--end-of-options", rev+"^{commit}"); e != nil {
			err = e
		}
	}
	if fault, _ := r.endFault(rev, err); fault != "" {
		return errors.New(head + "revision " + quotedRev(rev) + fault)
	}
	return errors.New(head + "git knows no commit " + quotedInput(rev))
}

// spacedSaid is spacedRange's error of rng, what it is, and one, the
// range meant as one argument, of two commits; and the log's refusal of
// one, where it refuses it: 'HEAD .. HEAD~1' and 'HEAD HEAD~1' were
// given 'HEAD..HEAD~1', refused pasted as reversed, with no word of it.
func (r *Repo) spacedSaid(rng, what, one string) error {
	// The range to paste in ASCII (shellword.ShownASCII): as a word
	// (shellword.Word), 'HEAD..mаin' kept its а (Cyrillic), read as
	// main, and a U+202E in a ref's name reached the terminal raw. One
	// past maxQuotedInput is not given: the line would pass its cap.
	word := shellword.ShownASCII(one)
	if len(word) > maxQuotedInput {
		return fmt.Errorf("revision range %s %s: a range is one argument (A..B)", quotedInput(rng), what)
	}
	msg := fmt.Sprintf("revision range %s %s: a range is one argument, %s", quotedInput(rng), what, word)
	if err := r.CheckRange(one); err != nil {
		return &refusal{msg + ", which is refused too: " + err.Error(), Instead(err)}
	}
	return errors.New(msg)
}

// commits reads the commits ids name, in their order, with their first
// parents ("" for a root commit).
func (r *Repo) commits(ids []string) ([]Commit, []string, error) {
	return r.commitsRead(ids, func(fn func(i int, data []byte) error) error { return r.ReadBlobs(ids, fn) })
}

// commitsFrom is commits of the objects pre holds (prefetch's), read
// before; commits when pre is nil.
func (r *Repo) commitsFrom(ids []string, pre []resolvedAnswers) ([]Commit, []string, error) {
	if pre == nil {
		return r.commits(ids)
	}
	return r.commitsRead(ids, func(fn func(i int, data []byte) error) error {
		for i := range ids {
			if err := fn(i, pre[i].commit.data); err != nil {
				return err
			}
		}
		return nil
	})
}

// commitsRead is commits with the objects of ids read by read, which
// calls fn with each, in order, until fn fails.
func (r *Repo) commitsRead(ids []string, read func(fn func(i int, data []byte) error) error) ([]Commit, []string, error) {
	commits := make([]Commit, len(ids))
	parents := make([]string, len(ids))
	var other []int // the commits whose subjects git decodes
	if len(ids) == 0 {
		return commits, parents, nil
	}
	var otherIDs []string
	var otherDates [][]time.Time
	err := read(func(i int, data []byte) error {
		parents[i] = firstParent(data)
		encoding := commitEncoding(data)
		if !decodedHere(encoding) {
			dates := iconvDates(data)
			if len(dates) == 0 {
				return fmt.Errorf("commit %s: %v", ids[i], dateError(data, ""))
			}
			commits[i] = Commit{ID: ids[i]}
			other = append(other, i)
			otherIDs = append(otherIDs, ids[i])
			otherDates = append(otherDates, dates)
			return nil
		}
		date, subject, err := parseCommit(data, encoding)
		if err != nil {
			return fmt.Errorf("commit %s: %v", ids[i], err)
		}
		commits[i] = Commit{ID: ids[i], Date: date, Subject: subject}
		return nil
	})
	if err == nil && len(other) > 0 {
		var dates []time.Time
		var subjects []string
		dates, subjects, err = r.iconvCommits(otherIDs, otherDates)
		for k, i := range other {
			if err == nil {
				commits[i].Date, commits[i].Subject = dates[k], subjects[k]
			}
		}
	}
	return commits, parents, err
}

// iconvCommits returns the committer dates and the subjects git log gives
// the commits ids, whose headers name an encoding git converts with iconv
// (ISO-8859-15, Shift_JIS): one git process for all of them. The
// subjects are git's %s, decoded by git (iconv) as git log prints them:
// read as UTF-8, they were U+FFFDs where git log said € or テスト. The
// date is the one of dates[k] (iconvDates) that git's %cI gives: whether
// git read the commit to its first NUL or whole, only git (iconv) knows.
// A commit git gives another date or none is refused, as one whose date
// is read here is when it has none readable.
func (r *Repo) iconvCommits(ids []string, dates [][]time.Time) ([]time.Time, []string, error) {
	var in strings.Builder
	at := make(map[string][]int, len(ids))
	for k, id := range ids {
		in.WriteString(id + "\n")
		at[id] = append(at[id], k)
	}
	out, err := r.run(strings.NewReader(in.String()), "-c", "i18n.logOutputEncoding=UTF-8", "log", "--no-walk=unsorted", "--no-show-signature", "--stdin", "--format=%H %cI %s")
	if err != nil {
		// git log dies on a commit it dates before 1970 in its zone,
		// which may be the reading here did not take.
		if len(ids) == 1 {
			return nil, nil, fmt.Errorf("commit %s: %w", ids[0], err)
		}
		return nil, nil, fmt.Errorf("one of the %d commits in an encoding git converts with iconv (%s, ...): %w", len(ids), ids[0], err)
	}
	got := make([]time.Time, len(ids))
	subjects := make([]string, len(ids))
	read := make([]bool, len(ids))
	for line := range strings.Lines(string(out)) {
		id, rest, _ := strings.Cut(strings.TrimSuffix(line, "\n"), " ")
		// %cI has no space; git prints it as "%cI" when it reads no date.
		// git 2.45 and later write a zone of +0000 or -0000 as "Z"
		// (show_date), older ones as "+00:00", as time3339 does.
		iso, subject, _ := strings.Cut(rest, " ")
		if zulu, ok := strings.CutSuffix(iso, "Z"); ok {
			iso = zulu + "+00:00"
		}
		for _, k := range at[id] {
			for _, d := range dates[k] {
				if d.Format(time3339) == iso {
					got[k], read[k] = d, true
					break
				}
			}
			subjects[k] = oneLine(utf8Text([]byte(subject), ""))
		}
	}
	for k, ok := range read {
		if !ok {
			return nil, nil, fmt.Errorf("commit %s: %v", ids[k], errNoDate)
		}
	}
	return got, subjects, nil
}

// firstParent returns the first parent of a raw commit object, or "".
// git reads the parents from the "parent " lines that follow the tree
// line (commit.c's parse_commit_buffer): one further down the header (a
// commit written with hash-object --literally) is no parent, and git log
// shows the commit as a root.
func firstParent(obj []byte) string {
	tree, rest, ok := bytes.Cut(obj, []byte("\n"))
	if !ok || !bytes.HasPrefix(tree, []byte("tree ")) {
		return ""
	}
	line, _, _ := bytes.Cut(rest, []byte("\n"))
	if id, ok := bytes.CutPrefix(line, []byte("parent ")); ok {
		return string(id)
	}
	return ""
}

// attributesInRange refuses a series in whose range (revList: git
// rev-list, its options and the range) a commit that changed a
// .gitattributes above PATH (top, from the top) left a line that may make
// a checkout rewrite the pages (rewritingLine: a working-tree-encoding,
// ident), or that gives a page of PATH one as git reads it
// (Tree.rewrittenAbove). The series loads
// PATH at the commits that changed it, each with the attributes above it
// at that commit (Tree.encodingAbove), and a commit that changed only the
// attributes is none of them: a pull request that added such a line to
// the repository's .gitattributes, and touched no page, re-encoded every
// page of the checkout the site is built from, while `log --revs
// HEAD~1..HEAD _cache/develop` said "no commit in this range changed"
// it and passed. The attributes at the base are judged as it loads.
// A commit that changed a .gitattributes elsewhere is judged too: one
// above the file a link of PATH leads to out of it (data/.gitattributes
// of cache/other.json's ../data/idx.txt) gives that file its attributes
// in a checkout, and loading the commit refused "idx.txt ident" there,
// while the log said "no commit in this range changed" PATH and passed.
// So is a commit that changed a name above PATH that a case-insensitive
// checkout merges with another (a .GITATTRIBUTES, _CACHE beside _cache:
// clash), which is refused at it; at a commit without PATH, the first
// such is returned as clashed instead, for Series to refuse unless no
// commit of the series holds PATH (a PATH typed in another case).
//
// It lists the commits to judge, ids, and returns judge, which judges
// them from answers, git's to what resolve asks of each for PATH but
// the last question (prefetch: Series asks them in its one git cat-file
// with its commits' own); a commit answers lacks, or whose PATH must be
// listed, is resolved in a process of its own. One per commit that
// changed a .gitattributes above PATH, before the batch asked the same,
// cost a log over such a commit a process more.
func (r *Repo) attributesInRange(revList []string, top string) (ids []string, judge func(answers map[string]*resolvedAnswers) (clashed, err error), err error) {
	none := func(map[string]*resolvedAnswers) (error, error) { return nil, nil }
	attrs := attributesAbove(top)
	if len(attrs) == 0 {
		return nil, none, nil
	}
	stop := func(err error) ([]string, func(map[string]*resolvedAnswers) (error, error), error) {
		return nil, nil, err
	}
	args := append([]string{}, revList...)
	args = append(args, "--")
	for _, a := range attrs {
		// Without case: a .GITATTRIBUTES above PATH, or one in a folder
		// named as one above in another case (_CACHE/.gitattributes),
		// is refused (clash), and a commit that changed only it was no
		// step of the log.
		args = append(args, foldSpecs(a)...)
	}
	args = append(args, ":(top,glob)**/.gitattributes")
	out, err := r.run(nil, args...)
	if err != nil {
		return stop(r.rangeError(revList[len(revList)-1], err))
	}
	ids = strings.Fields(string(out))
	changedAttrs := len(ids) > 0
	// The commits that changed a name on the way to PATH in another case
	// (_cache/DEVELOP beside _cache/develop): a name is matched without
	// case, and left out when it is written as PATH's (wayChanges).
	way, err := r.wayChanges(revList, top)
	if err != nil {
		return stop(err)
	}
	seen := map[string]bool{}
	for _, id := range ids {
		seen[id] = true
	}
	for _, id := range way {
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	// The commits that changed one elsewhere (not above PATH), at which
	// PATH is listed for its links whatever the attributes above it say;
	// at the others, only when those name ident or an encoding. Their
	// pathspecs match less than the first rev-list's, which lists each
	// of them too: when that one lists none (a range that changed no
	// .gitattributes), neither would this one, and it is not run.
	elsewhere := map[string]bool{}
	if changedAttrs {
		args = append(append([]string{}, revList...), "--", ":(top,glob)**/.gitattributes")
		for _, a := range attrs {
			args = append(args, ":(top,exclude,literal)"+a)
		}
		other, err := r.run(nil, args...)
		if err != nil {
			return stop(r.rangeError(revList[len(revList)-1], err))
		}
		for _, id := range strings.Fields(string(other)) {
			elsewhere[id] = true
		}
	}
	if len(ids) == 0 {
		return nil, none, nil
	}
	return ids, func(answers map[string]*resolvedAnswers) (clashed, err error) {
		return r.judgeAttributes(ids, elsewhere, top, answers)
	}, nil
}

// judgeAttributes judges the commits ids of attributesInRange, from
// answers where they hold a commit's (see there).
func (r *Repo) judgeAttributes(ids []string, elsewhere map[string]bool, top string, answers map[string]*resolvedAnswers) (clashed, err error) {
	// stop is the error to return: an earlier commit's clash first, as
	// it was met first.
	stop := func(err error) (error, error) {
		return nil, cmp.Or(clashed, err)
	}
	for _, id := range ids {
		if a := answers[id]; a != nil && a.commit.typ == "commit" && a.clash.path == "" && !namesRewrite(a.found) && !elsewhere[id] {
			// Nothing for git to judge, and no clash: PATH need not
			// be asked for (resolve's last question).
			if f, n, msg := rewritingAbove(a.found); n > 0 {
				return stop(&snapshot.Error{File: short(id) + ":" + f, Line: n, Msg: msg})
			}
			continue
		}
		_, _, oid, typ, found, cl, err := r.resolve(id, short(id), top, top)
		if err != nil {
			return stop(err)
		}
		if cl.path != "" {
			e := &snapshot.Error{File: short(id) + ":" + cl.path, Msg: cl.msg}
			if typ != "tree" && typ != "blob" {
				// No PATH here: Series refuses it only where another
				// commit holds PATH (a typo of PATH's case is none).
				if clashed == nil {
					clashed = e
				}
				continue
			}
			return stop(e)
		}
		if f, n, msg := rewritingAbove(found); n > 0 {
			return stop(&snapshot.Error{File: short(id) + ":" + f, Line: n, Msg: msg})
		}
		if typ != "tree" && typ != "blob" || !namesRewrite(found) && !elsewhere[id] {
			continue // no PATH at this commit, or nothing for git to judge
		}
		if typ == "blob" {
			// PATH committed as a symbolic link is refused as loading it
			// refuses it (notLink): git writes a link as a link, and
			// gives it no ident, which the judge said it did.
			if err := r.notLink(id, short(id), top, oid); err != nil {
				return stop(err)
			}
		}
		t := &Tree{Spec: short(id) + ":" + top, Rev: short(id), Path: top, Commit: id, OID: oid, IsTree: typ == "tree", top: top, attrs: found, repo: r}
		files, err := t.Files()
		if err != nil {
			return stop(err)
		}
		if t.IsTree && mirrorLayout(files) != "" {
			// Judged as a mirror is when it loads (asMirror): each of
			// its files, by the .gitattributes in it too.
			if e := t.rewrittenMirror(files); e != nil {
				return stop(e)
			}
			continue
		}
		if e := t.rewrittenAbove(files); e != nil {
			return stop(e)
		}
		if e := t.rewrittenThroughLinks(files); e != nil {
			return stop(e)
		}
	}
	return clashed, nil
}

// wayChanges returns the commits of revList (git rev-list, its options
// and the range) that changed a path whose folders on the way to top
// (from the top) match top's without case up to one written in another
// case (_cache/DEVELOP/x, _CACHE/y beside _cache/develop: the names
// caseClash takes for top's, bytes.EqualFold), in the order of the
// folder that first differs, from the top, then as rev-list lists them.
//
// One git rev-list per folder (its name's foldSpecs, less the folder as
// written) started a process per folder of a deep PATH: a PATH 32
// folders deep, 30 more than one 2 deep. Two at most now, however deep:
// the rev-list of the paths below the top folder's foldSpecs less PATH
// itself (a superset: an exact sibling's changes are in it), then, for
// a PATH of two folders or more, one git cat-file that reads each such
// commit, and its first parent's, folders down the way as written, as
// long as the two differ (wayDiffers): a folder named in another case
// that differs between them is a path changed below it, as rev-list
// --first-parent compares a commit with its first parent. The folders
// beside the way are never read into (a commit that added thousands of
// pages beside PATH costs its trees on the way).
func (r *Repo) wayChanges(revList []string, top string) ([]string, error) {
	_, next := wayDown(top)
	if len(next) == 0 {
		return nil, nil
	}
	args := append(append(append([]string{}, revList...), "--"), foldSpecs(next[0])...)
	args = append(args, ":(top,exclude,literal)"+top)
	// Nor the .gitattributes on the way as written, no name in another
	// case: a commit that changed one alone (which attributesInRange
	// lists first) was read in the git cat-file below for nothing.
	for _, a := range attributesAbove(top) {
		if strings.HasPrefix(a, next[0]+"/") {
			args = append(args, ":(top,exclude,literal)"+a)
		}
	}
	out, err := r.run(nil, args...)
	if err != nil {
		return nil, r.rangeError(revList[len(revList)-1], err)
	}
	ids := strings.Fields(string(out))
	if len(next) == 1 || len(ids) == 0 {
		return ids, nil
	}
	at, err := r.wayDiffers(ids, next)
	if err != nil {
		return nil, err
	}
	var changed []int
	for i := range ids {
		if at[i] > 0 {
			changed = append(changed, i)
		}
	}
	slices.SortStableFunc(changed, func(a, b int) int { return cmp.Compare(at[a], at[b]) })
	got := make([]string, len(changed))
	for k, i := range changed {
		got[k] = ids[i]
	}
	return got, nil
}

// wayDiffers returns, for each commit of ids, the first folder on the
// way next (wayDown's) in which a name caseClash takes for the way's but
// written otherwise differs from the commit's first parent (added,
// removed, or another object), from 1; 0 for none. One git cat-file
// --batch answers every question, one at a time: a commit's tree, its
// first parent's, and then each folder down the way in both, by its id,
// until the two are one object.
func (r *Repo) wayDiffers(ids, next []string) ([]int, error) {
	cmd := r.command("cat-file", "--batch")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, r.startError(err)
	}
	w := bufio.NewWriter(stdin)
	br := bufio.NewReader(stdout)
	var buf []byte
	// ask returns the object name names: its type and, for a commit or
	// a tree, its content (in buf, until the next question) and the
	// length of its id in bytes.
	ask := func(name string) (string, []byte, int, error) {
		if name == "" {
			return "missing", nil, 0, nil
		}
		if _, err := w.WriteString(name + "\n"); err != nil {
			return "", nil, 0, err
		}
		if err := w.Flush(); err != nil {
			return "", nil, 0, err
		}
		a, err := readAnswer(br, nil, false)
		if err != nil || a.oid == "" {
			return a.typ, nil, 0, err
		}
		if a.typ != "tree" && a.typ != "commit" {
			if _, err := br.Discard(int(min(a.size, math.MaxInt-1)) + 1); err != nil {
				return "", nil, 0, fmt.Errorf("git cat-file: %s", eofMessage(err))
			}
			return a.typ, nil, 0, nil
		}
		a.data = buf
		if a, err = readAnswerContent(br, a); err != nil {
			return "", nil, 0, err
		}
		buf = a.data
		return a.typ, a.data, len(a.oid) / 2, nil
	}
	at := make([]int, len(ids))
	err = func() error {
		for i, id := range ids {
			typ, obj, _, err := ask(id)
			if err != nil {
				return err
			}
			if typ != "commit" {
				return fmt.Errorf("git cat-file: %s is a %s, not a commit", short(id), typ)
			}
			tree, _, _ := strings.Cut(strings.TrimPrefix(string(obj), "tree "), "\n")
			parent := firstParent(obj)
			ptree := ""
			if parent != "" {
				ptree = parent + "^{tree}"
			}
			for j := 0; j < len(next) && tree != ptree; j++ {
				var mine, theirs string
				var sub [2]string
				for k, name := range [2]string{tree, ptree} {
					typ, data, hashLen, err := ask(name)
					if err != nil {
						return err
					}
					if typ != "tree" {
						continue
					}
					v, oid := wayEntries(data, hashLen, next[j])
					if k == 0 {
						mine = v
					} else {
						theirs = v
					}
					sub[k] = oid
				}
				if mine != theirs {
					at[i] = j + 1
					break
				}
				tree, ptree = sub[0], sub[1]
				if tree == "" && ptree == "" {
					break
				}
			}
		}
		return nil
	}()
	stdin.Close()
	if err != nil {
		cmd.Process.Kill()
	}
	io.Copy(io.Discard, stdout)
	if werr := cmd.Wait(); err == nil && werr != nil {
		err = fmt.Errorf("git cat-file: %v%s", werr, stderrLine(stderr.Bytes()))
	}
	if err != nil {
		return nil, err
	}
	return at, nil
}

// wayEntries reads the tree object data (whose object ids are hashLen
// bytes) for the entries named next in another case (bytes.EqualFold, as
// caseClash): their modes, names and object ids, "" when none; and the
// id (hex) of the first entry named next as written (git looks up the
// first), "" when none. It allocates nothing for the other entries.
func wayEntries(data []byte, hashLen int, next string) (others, oid string) {
	want := []byte(next)
	var b []byte
	for len(data) > 0 {
		sp := bytes.IndexByte(data, ' ')
		if sp < 0 {
			break
		}
		end := bytes.IndexByte(data[sp+1:], 0)
		if end < 0 {
			break
		}
		if len(data) < sp+1+end+1+hashLen {
			break // not a tree git wrote: git fsck says
		}
		name, id := data[sp+1:sp+1+end], data[sp+1+end+1:sp+1+end+1+hashLen]
		switch {
		case bytes.Equal(name, want):
			if oid == "" {
				oid = hex.EncodeToString(id)
			}
		case bytes.EqualFold(name, want):
			b = append(append(append(append(b, data[:sp+1+end]...), 0), id...), '\n')
		}
		data = data[sp+1+end+1+hashLen:]
	}
	return string(b), oid
}

// rangeRevs is the excluded and included commits of the range rng as
// git reads it, an included one that is excluded too dropped (A...B of
// A an ancestor of B is A..B); an error for a range that selects no
// commit whatever its ends (R^@ of a root, ^A) or that ends at more than
// one commit (A...B, M^@), which a log refuses.
func (r *Repo) rangeRevs(rng string) (excluded, included []string, err error) {
	cmd := r.command("rev-parse", rng, "--")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	revs, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); ok {
		err = r.exitError([]string{"rev-parse"}, ee, stderr.Bytes())
	} else if err != nil {
		err = r.startError(err)
	}
	if err != nil {
		return nil, nil, r.rangeError(rng, err)
	}
	if err := r.ambiguousRef("the range", rng, stderr.Bytes()); err != nil {
		return nil, nil, err
	}
	for _, line := range strings.Fields(string(revs)) {
		if id, ok := strings.CutPrefix(line, "^"); ok {
			excluded = append(excluded, id)
		} else if line != "--" {
			included = append(included, line)
		}
	}
	// Both ends in one process: rev-parse stops at the first revision it
	// cannot peel, the excluded ones first, as two in turn did.
	ends := append(slices.Clip(excluded), included...)
	if err := r.peel(ends); err != nil {
		return nil, nil, r.rangeError(rng, err)
	}
	copy(excluded, ends)
	copy(included, ends[len(excluded):])
	if len(included) == 0 && len(excluded) == 0 {
		// R^@ of a root commit R: no revision at all, which the message
		// of ^A below said "only leaves out the history of R^@".
		return nil, nil, fmt.Errorf("the range %s selects no commit: git reads it as no revision at all (the parents of a root commit are none); give a range A..B", quotedRev(rng))
	}
	if len(included) == 0 {
		// ^A: no commit to list from, whatever PATH and the dates, as
		// A..A; it logged PATH at A alone, "no commit changed it", a
		// quiet range that passed a gate.
		end := strings.TrimPrefix(rng, "^")
		return nil, nil, fmt.Errorf("the range %s selects no commit: it only leaves out the history of %s, and names no commit to list from; give the end too, as %s", quotedRev(rng), quotedRev(end), r.endHint(end, excluded))
	}
	// An end that is excluded too adds no commit: A...B where A is an
	// ancestor of B (GitHub's compare range, base...head) is A..B, one
	// line of history, as git lists it.
	if len(included) > 1 {
		if kept := slices.DeleteFunc(slices.Clone(included), func(id string) bool { return slices.Contains(excluded, id) }); len(kept) > 0 {
			included = kept
		} else {
			included = included[:1] // A...A: no commit, as A..A says
		}
	}
	if len(included) > 1 {
		// A...B, M^@: rev-list would list the first parents of each tip,
		// in date order, as one series, stepping from one branch to the
		// other.
		// The first few: the parents of an octopus merge are any number.
		tips := make([]string, 0, 8)
		for _, id := range included[:min(len(included), cap(tips))] {
			tips = append(tips, short(id))
		}
		return nil, nil, fmt.Errorf("the range %s ends at %d commits (%s): a log follows one line of history, the first parents of one commit, and would step from one branch to another; give one end, as A..B", quotedRev(rng), len(included), snapshot.ListSome(tips, len(included)))
	}
	return excluded, included, nil
}

// CheckRange is the error the log (Series) gives of the range rng
// whatever PATH and the dates: a range that does not resolve, that
// selects no commit (reversed, ends the same commit), that ends at more
// than one commit, or whose base is not on its end's first-parent line;
// nil for a range the log reads.
func (r *Repo) CheckRange(rng string) error {
	excluded, included, err := r.rangeRevs(rng)
	if err == nil && len(excluded) == 1 && len(included) == 1 {
		err = r.checkRange(rng, excluded[0], included[0])
	}
	return err
}
