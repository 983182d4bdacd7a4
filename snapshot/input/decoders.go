package input

// The input formats that live in packages of their own register
// themselves with package snapshot (snapshot.Register) from their init:
// the imports here link them into every program that reads arguments
// through this package, the command's loading among them. A new format
// is a package whose init registers its snapshot.Decoder, plus one line
// here. Spack's index, lockfiles and spec files are built into package
// snapshot and need none.
import (
	_ "github.com/cachediff/cachediff/snapshot/catalog" // package pages
)
