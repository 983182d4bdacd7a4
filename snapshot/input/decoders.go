package input

import "github.com/cachediff/cachediff/snapshot"

// decoders are the input formats that live in packages of their own:
// Load hands them to the loader (snapshot.Options.Decoders), before the
// caller's own. A new format is a package with a snapshot.Decoder plus
// one line here. The formats built into package snapshot (catalogue
// pages, Spack's index, lockfiles and spec files) need none.
var decoders = []snapshot.Decoder{}

// Decoders returns the input formats Load reads besides those built into
// package snapshot, for a caller that loads a Source of its own and
// wants to read what the command reads.
func Decoders() []snapshot.Decoder { return append([]snapshot.Decoder(nil), decoders...) }
