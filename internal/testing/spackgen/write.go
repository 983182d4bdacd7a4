package spackgen

import (
	"bufio"
	"io"
	"slices"
	"strconv"
	"strings"
)

// WriteIndex writes the DAG as a build-cache index.json (database
// version 8, spec format 5), full nodes as Spack writes them: arch with
// the target's features, parameters with the six flag lists, package
// hash, edges with deptypes and virtuals. External nodes are records not
// in the build cache.
func (d *DAG) WriteIndex(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	bw.WriteString(`{"database":{"version":"8","installs":{`)
	seen := make(map[string]bool, len(d.Nodes))
	for _, n := range d.Nodes {
		// A node that does not depend on the compiler (compiler-wrapper,
		// glibc) is the same in every environment of one OS and target:
		// one record, as in Spack's database.
		if seen[n.Hash] {
			continue
		}
		if len(seen) > 0 {
			bw.WriteByte(',')
		}
		seen[n.Hash] = true
		bw.WriteString("\n")
		bw.WriteString(strconv.Quote(n.Hash))
		bw.WriteString(`:{"spec":`)
		writeNode(bw, n)
		bw.WriteString(`,"ref_count":1,"in_buildcache":`)
		bw.WriteString(strconv.FormatBool(!n.External))
		bw.WriteString(`}`)
	}
	bw.WriteString("\n}}}\n")
	return bw.Flush()
}

// WriteLockfile writes the DAG as a spack.lock (lockfile version 6):
// roots are the nodes of the top layer of the first environment.
func (d *DAG) WriteLockfile(w io.Writer) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	top := 0
	for _, n := range d.Nodes {
		top = max(top, n.Layer)
	}
	bw.WriteString(`{"_meta":{"file-type":"spack-lockfile","lockfile-version":6,"specfile-version":5},"roots":[`)
	first := true
	for _, n := range d.Nodes {
		if n.Env == 0 && n.Layer == top {
			if !first {
				bw.WriteByte(',')
			}
			first = false
			spec := n.Name
			if d.RootSpec != nil {
				spec = d.RootSpec(n)
			}
			bw.WriteString(`{"hash":` + strconv.Quote(n.Hash) + `,"spec":` + strconv.Quote(spec) + `}`)
		}
	}
	bw.WriteString(`],"concrete_specs":{`)
	seen := make(map[string]bool, len(d.Nodes))
	for _, n := range d.Nodes {
		if seen[n.Hash] {
			continue
		}
		if len(seen) > 0 {
			bw.WriteByte(',')
		}
		seen[n.Hash] = true
		bw.WriteString("\n" + strconv.Quote(n.Hash) + ":")
		writeNode(bw, n)
	}
	bw.WriteString("\n}}\n")
	return bw.Flush()
}

func writeNode(bw *bufio.Writer, n *Node) {
	q := strconv.Quote
	bw.WriteString(`{"name":` + q(n.Name) + `,"version":` + q(n.Version) + `,"arch":{"platform":` + q(n.Platform) +
		`,"platform_os":` + q(n.OS) + `,"target":{"name":` + q(n.Target) + `,"vendor":"GenuineIntel","features":[`)
	for i, f := range featuresOf(n.Target) {
		if i > 0 {
			bw.WriteByte(',')
		}
		bw.WriteString(q(f))
	}
	bw.WriteString(`],"generation":0,"parents":["x86_64_v2"],"cpupart":""}},"namespace":"builtin","parameters":{`)
	for _, v := range n.Variants {
		switch {
		case strings.HasPrefix(v, "+"):
			bw.WriteString(q(v[1:]) + ":true,")
		case strings.HasPrefix(v, "~"):
			bw.WriteString(q(v[1:]) + ":false,")
		default:
			k, val, _ := strings.Cut(v, "=")
			if strings.Contains(val, ",") {
				parts := strings.Split(val, ",")
				for i := range parts {
					parts[i] = q(parts[i])
				}
				bw.WriteString(q(k) + ":[" + strings.Join(parts, ",") + "],")
			} else {
				bw.WriteString(q(k) + ":" + q(val) + ",")
			}
		}
	}
	bw.WriteString(`"cflags":[],"cppflags":[],"cxxflags":[],"fflags":[],"ldflags":[],"ldlibs":[]}`)
	if n.External {
		bw.WriteString(`,"external":{"path":"/usr","module":null,"extra_attributes":{}}`)
	}
	bw.WriteString(`,"package_hash":` + q(n.PackageHash))
	if len(n.Deps) > 0 {
		// By name, as Spack writes them (Spec.to_node_dict), whatever
		// order the DAG keeps them in.
		deps := slices.Clone(n.Deps)
		slices.SortStableFunc(deps, func(a, b Dep) int { return strings.Compare(a.Node.Name, b.Node.Name) })
		bw.WriteString(`,"dependencies":[`)
		for i, dep := range deps {
			if i > 0 {
				bw.WriteByte(',')
			}
			bw.WriteString(`{"name":` + q(dep.Node.Name) + `,"hash":` + q(dep.Node.Hash) + `,"parameters":{"deptypes":[`)
			for j, t := range dep.Types {
				if j > 0 {
					bw.WriteByte(',')
				}
				bw.WriteString(q(t))
			}
			bw.WriteString(`],"virtuals":[`)
			for j, v := range dep.Virtuals {
				if j > 0 {
					bw.WriteByte(',')
				}
				bw.WriteString(q(v))
			}
			bw.WriteString(`]}}`)
		}
		bw.WriteString(`]`)
	}
	bw.WriteString(`,"annotations":{"original_specfile_version":5},"hash":` + q(n.Hash) + `}`)
}
