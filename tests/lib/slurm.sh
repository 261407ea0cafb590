# A single-node Slurm for the tests (docs/slurm-test.md): munged, slurmctld
# and slurmd on 127.0.0.1, everything under $SLURM_DIR (a directory of the
# test's), on ports free when it starts. slurm_start says why it cannot
# start (on stdout) and returns non-zero; slurm_stop stops every daemon it
# started, and is safe to call twice. Call slurm_start in the test's shell
# (not in $(...)): it exports SLURM_CONF.

# slurm_free_ports <n>: n TCP ports on 127.0.0.1 that nothing listens on now.
slurm_free_ports() {
	python3 -c '
import socket, sys
socks = []
for _ in range(int(sys.argv[1])):
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    socks.append(s)
print(" ".join(str(s.getsockname()[1]) for s in socks))
' "$1"
}

# slurm_wait <seconds> <command...>: until the command succeeds.
slurm_wait() {
	local n=$(( $1 * 10 ))
	shift
	while ! "$@" >/dev/null 2>&1; do
		n=$((n - 1))
		test $n -gt 0 || return 1
		sleep 0.1
	done
}

slurm_start() {
	local d="$SLURM_DIR" ports ctl_port d_port
	if test "$(id -u)" != 0; then
		echo "Slurm's daemons need root (slurmd runs the steps as their users)"
		return 1
	fi
	for t in munged slurmctld slurmd srun salloc squeue scontrol; do
		command -v $t >/dev/null 2>&1 || { echo "no $t (tools/install-deps installs slurm-wlm and munge)"; return 1; }
	done
	mkdir -p "$d/munge" "$d/state" "$d/spool" "$d/log" && chmod 700 "$d/munge" || return 1
	dd if=/dev/urandom of="$d/munge/key" bs=1024 count=1 2>/dev/null && chmod 400 "$d/munge/key" || return 1
	# -f: the test's directories are not munge's usual ones (their owner, their modes).
	munged -f --key-file="$d/munge/key" --socket="$d/munge/socket" --pid-file="$d/munge/pid" \
		--log-file="$d/log/munged.log" --seed-file="$d/munge/seed" 2>"$d/log/munged.err" || {
		echo "munged did not start: $(tail -n1 "$d/log/munged.err")"; return 1; }
	ports=$(slurm_free_ports 2) || return 1
	ctl_port=${ports% *} d_port=${ports#* }
	# CPUs=8 on a machine of fewer: config_overrides trusts the file, so steps overlap.
	cat >"$d/slurm.conf" <<-CONF
	ClusterName=benchtriage
	SlurmctldHost=localhost(127.0.0.1)
	SlurmctldPort=$ctl_port
	SlurmdPort=$d_port
	SlurmUser=root
	SlurmdUser=root
	AuthType=auth/munge
	CredType=cred/munge
	AuthInfo=socket=$d/munge/socket
	StateSaveLocation=$d/state
	SlurmdSpoolDir=$d/spool/slurmd-%n
	SlurmctldPidFile=$d/slurmctld.pid
	SlurmdPidFile=$d/slurmd.pid
	SlurmctldLogFile=$d/log/slurmctld.log
	SlurmdLogFile=$d/log/slurmd.log
	ProctrackType=proctrack/pgid
	TaskPlugin=task/none
	SelectType=select/cons_tres
	SelectTypeParameters=CR_Core
	SchedulerType=sched/builtin
	SlurmdParameters=config_overrides
	ReturnToService=2
	MpiDefault=none
	KillWait=30
	NodeName=localhost NodeAddr=127.0.0.1 CPUs=8 State=UNKNOWN
	PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
	CONF
	export SLURM_CONF="$d/slurm.conf"
	slurmctld -c -f "$SLURM_CONF" 2>"$d/log/slurmctld.err" || {
		echo "slurmctld did not start: $(tail -n1 "$d/log/slurmctld.err")"; return 1; }
	slurmd -N localhost -f "$SLURM_CONF" 2>"$d/log/slurmd.err" || {
		echo "slurmd did not start: $(tail -n1 "$d/log/slurmd.err")"; return 1; }
	slurm_wait 30 timeout 10 srun -n1 true || {
		echo "srun -n1 true did not run within 30 s: $(tail -n1 "$d/log/slurmctld.log")"; return 1; }
}

# slurm_queue_empty: no job in the queue, whatever its state.
slurm_queue_empty() {
	squeue -h -o %i >"$SLURM_DIR/queue" && ! test -s "$SLURM_DIR/queue"
}

# slurm_stop: every daemon slurm_start started, by the pid it wrote.
slurm_stop() {
	local f pid
	for f in slurmd.pid slurmctld.pid munge/pid; do
		pid=$(cat "$SLURM_DIR/$f" 2>/dev/null) || continue
		kill "$pid" 2>/dev/null
		for _ in $(seq 50); do
			kill -0 "$pid" 2>/dev/null || break
			sleep 0.1
		done
		kill -9 "$pid" 2>/dev/null
		rm -f "$SLURM_DIR/$f"
	done
}
