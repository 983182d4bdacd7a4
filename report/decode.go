package report

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/cachediff/cachediff/diff"
	"github.com/cachediff/cachediff/snapshot"
)

// Decode reads a JSON report written by JSON (a cachediff/v1 document)
// back into a diff.Report, so that it can be rendered again without the
// snapshots. A document without a "schema" field or with another schema
// is refused: fields may be added within cachediff/v1, so unknown fields
// are ignored, but another schema may mean anything.
func Decode(r io.Reader) (*diff.Report, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	var head struct {
		Schema *string `json:"schema"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, jsonError(data, err)
	}
	switch {
	case head.Schema == nil:
		return nil, fmt.Errorf(`no "schema" field: not a cachediff JSON report (cachediff --format json writes one, with "schema": %q)`, Schema)
	case *head.Schema != Schema:
		return nil, fmt.Errorf(`schema %q is not one this cachediff reads: it reads %q`, *head.Schema, Schema)
	}
	doc := Document{Report: new(diff.Report)}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, jsonError(data, err)
	}
	// Fields added to cachediff/v1 later are absent from older reports;
	// lists are never null.
	for _, side := range []*diff.Side{&doc.Report.Old, &doc.Report.New} {
		if side.Skipped == nil {
			side.Skipped = []snapshot.Skipped{}
		}
	}
	return doc.Report, nil
}

// jsonError adds the line and column to a JSON error that has an offset.
func jsonError(data []byte, err error) error {
	var off int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	if off < 0 || off > int64(len(data)) {
		return err
	}
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := int(off) - (bytes.LastIndexByte(before, '\n') + 1)
	return fmt.Errorf("line %d, column %d: %w", line, max(col, 1), err)
}
