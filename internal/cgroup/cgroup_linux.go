//go:build linux

package cgroup

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// System is where the groups of runs are made: below this process's own
// group, in each cgroup v1 hierarchy it needs, or in the cgroup v2 tree.
type System struct {
	v2 bool
	// dirs is, for v1, this process's own group in the hierarchy of each
	// controller used (memory, cpuacct, cpuset; freezer where mounted);
	// base, for v2, the folder the runs' groups are made in.
	dirs map[string]string
	base string
	// cpus and mems are the cores and memory nodes of this process's own
	// cpuset, which a v1 child does not inherit.
	cpus, mems string
}

// v1Needed are the cgroup v1 controllers a run's group needs, and
// v1Optional those it uses where mounted: the freezer stops a tree whole
// before it is killed.
var (
	v1Needed   = []string{"memory", "cpuacct", "cpuset"}
	v1Optional = []string{"freezer"}
)

// Detect finds the control groups this process can make groups for runs
// in: cgroup v1 where its memory, cpuacct and cpuset controllers are
// mounted, else cgroup v2 where the memory and cpu controllers are
// available; and makes and removes a group to see that it may. Where none
// can be used, the error is an *UnsupportedError that says why.
func Detect() (*System, error) {
	mounts, err := cgroupMounts()
	if err != nil {
		return nil, &UnsupportedError{"cannot read /proc/self/mountinfo: " + err.Error()}
	}
	own, err := ownGroups()
	if err != nil {
		return nil, &UnsupportedError{"cannot read /proc/self/cgroup: " + err.Error()}
	}
	var why []string
	if s, err := detectV1(mounts, own); err == nil {
		return s, nil
	} else {
		why = append(why, "v1: "+err.Error())
	}
	if s, err := detectV2(mounts, own); err == nil {
		return s, nil
	} else {
		why = append(why, "v2: "+err.Error())
	}
	return nil, &UnsupportedError{"no control groups to make a run's in (" + strings.Join(why, "; ") + ")"}
}

// mount is a mounted cgroup hierarchy: where, its root, and for v1 its
// controllers.
type mount struct {
	dir, root   string
	v2          bool
	controllers []string
}

// cgroupMounts reads the cgroup hierarchies from /proc/self/mountinfo.
func cgroupMounts() ([]mount, error) {
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []mount
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		pre, post, ok := strings.Cut(sc.Text(), " - ")
		if !ok {
			continue
		}
		a, b := strings.Fields(pre), strings.Fields(post)
		if len(a) < 5 || len(b) < 3 {
			continue
		}
		switch b[0] {
		case "cgroup":
			out = append(out, mount{dir: unescape(a[4]), root: unescape(a[3]), controllers: strings.Split(b[2], ",")})
		case "cgroup2":
			out = append(out, mount{dir: unescape(a[4]), root: unescape(a[3]), v2: true})
		}
	}
	return out, sc.Err()
}

// unescape undoes mountinfo's octal escapes of spaces and the like.
func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(v))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// ownGroups reads /proc/self/cgroup: this process's group by controller
// ("" for v2's).
func ownGroups() (map[string]string, error) {
	raw, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		f := strings.SplitN(l, ":", 3)
		if len(f) != 3 {
			continue
		}
		if f[1] == "" {
			out[""] = f[2]
			continue
		}
		for _, c := range strings.Split(f[1], ",") {
			out[c] = f[2]
		}
	}
	return out, nil
}

// within is the folder of group path in a hierarchy mounted at m.
func within(m mount, path string) string {
	rel := strings.TrimPrefix(path, m.root)
	if m.root == "/" {
		rel = path
	}
	return filepath.Join(m.dir, rel)
}

func detectV1(mounts []mount, own map[string]string) (*System, error) {
	s := &System{dirs: map[string]string{}}
	for _, m := range mounts {
		for _, c := range m.controllers {
			if path, ok := own[c]; ok && !m.v2 {
				s.dirs[c] = within(m, path)
			}
		}
	}
	for _, c := range v1Needed {
		if s.dirs[c] == "" {
			return nil, fmt.Errorf("no %s controller mounted", c)
		}
	}
	for c := range s.dirs {
		if !contains(v1Needed, c) && !contains(v1Optional, c) {
			delete(s.dirs, c)
		}
	}
	var err error
	if s.cpus, err = readLine(filepath.Join(s.dirs["cpuset"], "cpuset.cpus")); err != nil {
		return nil, err
	}
	if s.mems, err = readLine(filepath.Join(s.dirs["cpuset"], "cpuset.mems")); err != nil {
		return nil, err
	}
	return s, s.probe()
}

func detectV2(mounts []mount, own map[string]string) (*System, error) {
	path, ok := own[""]
	if !ok {
		return nil, errors.New("this process is in no cgroup v2 group")
	}
	var m *mount
	for i := range mounts {
		if mounts[i].v2 {
			m = &mounts[i]
			break
		}
	}
	if m == nil {
		return nil, errors.New("not mounted")
	}
	base := within(*m, path)
	avail, err := readLine(filepath.Join(base, "cgroup.controllers"))
	if err != nil {
		return nil, err
	}
	for _, c := range []string{"memory", "cpu"} {
		if !contains(strings.Fields(avail), c) {
			return nil, fmt.Errorf("the %s controller is not available to %s", c, base)
		}
	}
	s := &System{v2: true, base: base}
	enabled, _ := readLine(filepath.Join(base, "cgroup.subtree_control"))
	want := []string{"+memory", "+cpu"}
	if contains(strings.Fields(avail), "cpuset") {
		want = append(want, "+cpuset")
	}
	if !contains(strings.Fields(enabled), "memory") || !contains(strings.Fields(enabled), "cpu") {
		// A group with processes cannot give its controllers to groups
		// below it: this process moves into a group of its own below,
		// as BenchExec does, and the controllers are given to the runs'.
		self := filepath.Join(base, fmt.Sprintf("nqueens-%d", os.Getpid()))
		if err := os.Mkdir(self, 0o755); err != nil && !errors.Is(err, os.ErrExist) {
			return nil, err
		}
		if err := writeFile(filepath.Join(self, "cgroup.procs"), "0"); err != nil {
			return nil, fmt.Errorf("cannot move this process into %s: %v", self, err)
		}
		if err := writeFile(filepath.Join(base, "cgroup.subtree_control"), strings.Join(want, " ")); err != nil {
			return nil, fmt.Errorf("cannot give %s its controllers: %v", base, err)
		}
	}
	if c, err := readLine(filepath.Join(base, "cpuset.cpus.effective")); err == nil {
		s.cpus = c
	}
	return s, s.probe()
}

// probe makes a group and removes it: Detect's proof that groups can be
// made here.
func (s *System) probe() error {
	g, err := s.New(fmt.Sprintf("nqueens-probe-%d", os.Getpid()), Limits{})
	if err != nil {
		return err
	}
	return g.Close()
}

// String names the control groups used: "cgroup v1 (memory, cpuacct,
// cpuset, freezer)", "cgroup v2".
func (s *System) String() string {
	if s.v2 {
		return "cgroup v2"
	}
	var cs []string
	for _, c := range append(append([]string(nil), v1Needed...), v1Optional...) {
		if s.dirs[c] != "" {
			cs = append(cs, c)
		}
	}
	return "cgroup v1 (" + strings.Join(cs, ", ") + ")"
}

// Kind is "cgroup v1" or "cgroup v2".
func (s *System) Kind() string {
	if s.v2 {
		return "cgroup v2"
	}
	return "cgroup v1"
}

// CPUs are the cores this process may run on (its cpuset).
func (s *System) CPUs() []int {
	cpus, _ := ParseCPUs(s.cpus)
	return cpus
}

// Group is the control group of one run.
type Group struct {
	s    *System
	dirs map[string]string // v1: by controller; v2: under ""
}

// New makes the group name (a file name) for a run, under the limits.
func (s *System) New(name string, l Limits) (*Group, error) {
	if name == "" || strings.ContainsAny(name, "/\x00") || name == "." || name == ".." {
		return nil, fmt.Errorf("cgroup: %q is not a group's name", name)
	}
	g := &Group{s: s, dirs: map[string]string{}}
	fail := func(err error) (*Group, error) {
		g.Close()
		return nil, fmt.Errorf("cgroup: cannot make the group %s: %v", name, err)
	}
	cpus := s.cpus
	if l.CPUs != nil {
		cpus = FormatCPUs(l.CPUs)
	}
	if s.v2 {
		dir := filepath.Join(s.base, name)
		if err := os.Mkdir(dir, 0o755); err != nil {
			return nil, fmt.Errorf("cgroup: cannot make the group %s: %v", dir, err)
		}
		g.dirs[""] = dir
		if l.MemoryBytes > 0 {
			if err := writeFile(filepath.Join(dir, "memory.max"), strconv.FormatInt(l.MemoryBytes, 10)); err != nil {
				return fail(err)
			}
			writeFile(filepath.Join(dir, "memory.swap.max"), "0") // absent without swap
		}
		if l.CPUs != nil {
			if err := writeFile(filepath.Join(dir, "cpuset.cpus"), cpus); err != nil {
				return fail(err)
			}
		}
		return g, nil
	}
	for c, parent := range s.dirs {
		dir := filepath.Join(parent, name)
		if err := os.Mkdir(dir, 0o755); err != nil {
			return fail(err)
		}
		g.dirs[c] = dir
	}
	// A v1 cpuset starts with no cores and no memory nodes.
	if err := writeFile(filepath.Join(g.dirs["cpuset"], "cpuset.mems"), s.mems); err != nil {
		return fail(err)
	}
	if err := writeFile(filepath.Join(g.dirs["cpuset"], "cpuset.cpus"), cpus); err != nil {
		return fail(err)
	}
	if l.MemoryBytes > 0 {
		v := strconv.FormatInt(l.MemoryBytes, 10)
		if err := writeFile(filepath.Join(g.dirs["memory"], "memory.limit_in_bytes"), v); err != nil {
			return fail(err)
		}
		// With swap accounted, memory and swap together: no swap.
		if _, err := os.Stat(filepath.Join(g.dirs["memory"], "memory.memsw.limit_in_bytes")); err == nil {
			if err := writeFile(filepath.Join(g.dirs["memory"], "memory.memsw.limit_in_bytes"), v); err != nil {
				return fail(err)
			}
		}
	}
	return g, nil
}

// Add puts the process pid in the group (every controller's), before it
// starts anything: its children are then the group's too.
func (g *Group) Add(pid int) error {
	for _, dir := range g.dirs {
		if err := writeFile(filepath.Join(dir, "cgroup.procs"), strconv.Itoa(pid)); err != nil {
			return fmt.Errorf("cgroup: cannot add process %d to %s: %v", pid, dir, err)
		}
	}
	return nil
}

// CPU is the CPU time of the group's processes, the ended ones included.
func (g *Group) CPU() (time.Duration, error) {
	if g.s.v2 {
		v, err := keyed(filepath.Join(g.dirs[""], "cpu.stat"), "usage_usec")
		return time.Duration(v) * time.Microsecond, err
	}
	line, err := readLine(filepath.Join(g.dirs["cpuacct"], "cpuacct.usage"))
	if err != nil {
		return 0, err
	}
	ns, err := strconv.ParseUint(line, 10, 64)
	return time.Duration(ns), err
}

// Usage is what the group's processes took.
func (g *Group) Usage() (Usage, error) {
	var u Usage
	var err error
	if u.CPU, err = g.CPU(); err != nil {
		return u, err
	}
	if g.s.v2 {
		dir := g.dirs[""]
		if line, err := readLine(filepath.Join(dir, "memory.peak")); err == nil {
			u.PeakBytes, _ = strconv.ParseUint(line, 10, 64)
		}
		if n, err := keyed(filepath.Join(dir, "memory.events"), "oom_kill"); err == nil {
			u.OOM = n > 0
		}
		return u, nil
	}
	dir := g.dirs["memory"]
	line, err := readLine(filepath.Join(dir, "memory.max_usage_in_bytes"))
	if err != nil {
		return u, err
	}
	u.PeakBytes, _ = strconv.ParseUint(line, 10, 64)
	if n, err := keyed(filepath.Join(dir, "memory.oom_control"), "oom_kill"); err == nil {
		u.OOM = n > 0
	}
	return u, nil
}

// procs are the processes of the group.
func (g *Group) procs() ([]int, error) {
	dir := g.dirs[""]
	if !g.s.v2 {
		dir = g.dirs["memory"]
	}
	raw, err := os.ReadFile(filepath.Join(dir, "cgroup.procs"))
	if err != nil {
		return nil, err
	}
	var out []int
	for _, f := range strings.Fields(string(raw)) {
		if pid, err := strconv.Atoi(f); err == nil {
			out = append(out, pid)
		}
	}
	return out, nil
}

// Kill ends every process of the group, those that left the run's process
// group or became daemons included: the group is frozen where it can be
// (so that none forks meanwhile), each process is killed, then it is
// thawed; until none is left, for up to five seconds.
func (g *Group) Kill() error {
	if g.s.v2 {
		if writeFile(filepath.Join(g.dirs[""], "cgroup.kill"), "1") == nil {
			return g.waitEmpty()
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		g.freeze(true)
		pids, err := g.procs()
		for _, pid := range pids {
			syscall.Kill(pid, syscall.SIGKILL)
		}
		g.freeze(false)
		if err != nil || len(pids) == 0 {
			return err
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("cgroup: %d processes left after 5 s of killing", len(pids))
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// freeze freezes or thaws the group, where a freezer is mounted, and waits
// (a little) until it is.
func (g *Group) freeze(on bool) {
	if g.s.v2 {
		v := map[bool]string{true: "1", false: "0"}[on]
		writeFile(filepath.Join(g.dirs[""], "cgroup.freeze"), v)
		return
	}
	dir := g.dirs["freezer"]
	if dir == "" {
		return
	}
	state := map[bool]string{true: "FROZEN", false: "THAWED"}[on]
	if writeFile(filepath.Join(dir, "freezer.state"), state) != nil {
		return
	}
	for range 100 {
		if s, _ := readLine(filepath.Join(dir, "freezer.state")); s == state {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// waitEmpty waits for the group to hold no process, for up to five
// seconds.
func (g *Group) waitEmpty() error {
	for range 1000 {
		pids, err := g.procs()
		if err != nil || len(pids) == 0 {
			return err
		}
		time.Sleep(5 * time.Millisecond)
	}
	return errors.New("cgroup: processes left after 5 s of killing")
}

// Close kills what is left of the group and removes it.
func (g *Group) Close() error {
	if len(g.dirs) == 0 {
		return nil
	}
	kerr := g.Kill()
	var rerr error
	for c, dir := range g.dirs {
		// A process just killed may hold the group a moment longer.
		for try := 0; ; try++ {
			err := os.Remove(dir)
			if err == nil || errors.Is(err, os.ErrNotExist) {
				break
			}
			if try == 200 {
				rerr = fmt.Errorf("cgroup: cannot remove %s: %v", dir, err)
				break
			}
			time.Sleep(5 * time.Millisecond)
		}
		delete(g.dirs, c)
	}
	return errors.Join(kerr, rerr)
}

func readLine(path string) (string, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(string(raw)), nil
}

func writeFile(path, value string) error {
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, err = f.WriteString(value)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// keyed reads the value of key in a file of "key value" lines.
func keyed(path, key string) (uint64, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	for _, l := range strings.Split(string(raw), "\n") {
		if k, v, ok := strings.Cut(l, " "); ok && k == key {
			return strconv.ParseUint(strings.TrimSpace(v), 10, 64)
		}
	}
	return 0, fmt.Errorf("cgroup: no %s in %s", key, path)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
