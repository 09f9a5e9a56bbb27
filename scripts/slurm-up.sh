#!/usr/bin/env bash
# Single-node Slurm (Debian bookworm packages) without systemd, for the
# cluster test (scripts/test-slurm.sh). Run as root; the pitfalls met are
# noted below.
# Idempotent: safe to run again; running daemons are left alone.
set -euo pipefail

NODE=$(hostname -s)
CPUS=$(nproc)
# The node's memory, so that jobs may ask for it (--mem) and are placed by
# it (CR_Core_Memory); without RealMemory Slurm takes 1 MB.
MEM=$(awk '/^MemTotal:/ { printf "%d", $2 / 1024 * 0.9 }' /proc/meminfo)
LOG=/var/log/slurm
export DEBIAN_FRONTEND=noninteractive

wait_for() { # wait_for <seconds> <description> <command...>
  local t=$1 what=$2; shift 2
  for ((i = 0; i < t * 2; i++)); do "$@" >/dev/null 2>&1 && return 0; sleep 0.5; done
  echo "timeout waiting for $what" >&2; return 1
}
alive() { [ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

# 1. packages (keep postinst from starting services; no systemd here anyway)
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null ||
   ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
  made_policy=0
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d; chmod +x /usr/sbin/policy-rc.d; made_policy=1
  fi
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends slurmctld slurmd slurm-client munge >/dev/null
  if [ "$made_policy" = 1 ]; then rm -f /usr/sbin/policy-rc.d; fi
fi

# slurmctld/slurmd must resolve the short hostname
getent hosts "$NODE" >/dev/null || echo "127.0.0.1 $NODE" >>/etc/hosts

# 2. munge (the munge postinst normally creates the key already)
if [ ! -s /etc/munge/munge.key ]; then
  mungekey --create --keyfile=/etc/munge/munge.key
fi
chown munge:munge /etc/munge/munge.key; chmod 0400 /etc/munge/munge.key
install -d -o munge -g munge -m 0755 /run/munge
install -d -o munge -g munge -m 0700 /var/log/munge /var/lib/munge
if ! sh -c 'munge -n </dev/null | unmunge' >/dev/null 2>&1; then
  runuser -u munge -- /usr/sbin/munged      # daemonizes, pid in /run/munge/munged.pid
  wait_for 10 munged sh -c 'munge -n </dev/null | unmunge'
fi

# 3. slurm config
install -d -m 0755 /etc/slurm "$LOG" /var/spool/slurmctld /var/spool/slurmd
cat >/etc/slurm/slurm.conf.new <<EOF
ClusterName=ci
SlurmctldHost=$NODE
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
# cred_expire is also the delay before a requeued job may start (default 120)
AuthInfo=cred_expire=10
MailProg=/bin/true
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=2,bf_interval=2,batch_sched_delay=0
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
ReturnToService=2
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=$LOG/slurmctld.log
SlurmdLogFile=$LOG/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
NodeName=$NODE CPUs=$CPUS RealMemory=$MEM State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
changed=0
cmp -s /etc/slurm/slurm.conf.new /etc/slurm/slurm.conf || changed=1
mv -f /etc/slurm/slurm.conf.new /etc/slurm/slurm.conf

# 4. daemons (they daemonize themselves and write the pid files above)
if alive /run/slurmctld.pid; then
  if [ "$changed" = 1 ]; then scontrol reconfigure; fi
else
  slurmctld
fi
wait_for 30 slurmctld scontrol ping
alive /run/slurmd.pid || slurmd
wait_for 60 "node $NODE idle" sh -c "sinfo -h -n $NODE -o %t | grep -qx idle"
sinfo
