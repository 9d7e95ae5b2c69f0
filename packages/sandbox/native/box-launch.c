/*
 * The box's launcher, run by the supervisor (root) in place of `sh -c 'echo $$ > cgroup.procs'
 * | setpriv | prlimit`: one exec instead of three. Built at first use by src/host/native.ts
 * (gcc -O2 box-launch.c), never run inside a box.
 *
 *   box-launch UID GID CPU_SOFT CPU_HARD FSIZE NOFILE NPROC PROCS_FILE... -- PROGRAM ARG...
 *
 * In order: joins each cgroup (writes its own pid into each cgroup.procs), empties the
 * capability bounding set, drops supplementary groups, sets real/effective/saved gid and uid,
 * clears the inheritable and ambient capabilities (setuid away from 0 already cleared the
 * permitted and effective ones), sets no-new-privs, sets the resource limits (CPU seconds,
 * file size, open files, processes, no core files), checks it really has no privilege left,
 * then execs PROGRAM in `/` with an empty environment. Any failure exits 127 before PROGRAM
 * runs (the supervisor then reports an internal error; nothing ever runs half-limited).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

static void die(const char *what) {
  fprintf(stderr, "box-launch: %s: %s\n", what, strerror(errno));
  _exit(127);
}

static unsigned long long num(const char *s) {
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno || *end || end == s) {
    errno = EINVAL;
    die(s);
  }
  return v;
}

static void limit(int resource, unsigned long long soft, unsigned long long hard, const char *name) {
  struct rlimit rl = { .rlim_cur = soft, .rlim_max = hard };
  if (setrlimit(resource, &rl) != 0) die(name);
}

int main(int argc, char **argv) {
  if (argc < 10) {
    fprintf(stderr, "usage: box-launch UID GID CPU_SOFT CPU_HARD FSIZE NOFILE NPROC PROCS... -- PROGRAM ARG...\n");
    return 127;
  }
  uid_t uid = (uid_t)num(argv[1]);
  gid_t gid = (gid_t)num(argv[2]);
  unsigned long long cpu_soft = num(argv[3]), cpu_hard = num(argv[4]);
  unsigned long long fsize = num(argv[5]), nofile = num(argv[6]), nproc = num(argv[7]);
  if (uid == 0 || gid == 0) {
    errno = EINVAL;
    die("refusing to run a box as root");
  }
  int i = 8;
  char pid[32];
  snprintf(pid, sizeof pid, "%d\n", (int)getpid());
  for (; i < argc && strcmp(argv[i], "--") != 0; i++) {
    int fd = open(argv[i], O_WRONLY | O_CLOEXEC);
    if (fd < 0) die(argv[i]);
    if (write(fd, pid, strlen(pid)) != (ssize_t)strlen(pid)) die(argv[i]);
    close(fd);
  }
  if (i >= argc - 1) {
    errno = EINVAL;
    die("no program after --");
  }
  char **program = &argv[i + 1];

  /* Bounding set: needs CAP_SETPCAP, so before giving up root. */
  for (int cap = 0; cap <= 63; cap++) {
    if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 && errno != EINVAL) die("PR_CAPBSET_DROP");
  }
  if (setgroups(0, NULL) != 0) die("setgroups");
  if (setresgid(gid, gid, gid) != 0) die("setresgid");
  if (setresuid(uid, uid, uid) != 0) die("setresuid");
  struct __user_cap_header_struct hdr = { .version = _LINUX_CAPABILITY_VERSION_3, .pid = 0 };
  struct __user_cap_data_struct data[2];
  memset(data, 0, sizeof data);
  if (syscall(SYS_capset, &hdr, data) != 0) die("capset");
  if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) != 0 && errno != EINVAL) die("PR_CAP_AMBIENT");
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) die("PR_SET_NO_NEW_PRIVS");

  /* Check: no way back to root, no capability left anywhere. */
  uid_t r, e, s;
  gid_t rg, eg, sg;
  if (getresuid(&r, &e, &s) != 0 || r != uid || e != uid || s != uid) die("uid check");
  if (getresgid(&rg, &eg, &sg) != 0 || rg != gid || eg != gid || sg != gid) die("gid check");
  if (getgroups(0, NULL) != 0) die("groups check");
  memset(data, 0xff, sizeof data);
  if (syscall(SYS_capget, &hdr, data) != 0) die("capget");
  for (int k = 0; k < 2; k++) {
    if (data[k].effective || data[k].permitted || data[k].inheritable) {
      errno = EPERM;
      die("capabilities left");
    }
  }
  if (prctl(PR_CAPBSET_READ, 0, 0, 0, 0) != 0) {
    errno = EPERM;
    die("bounding set not empty");
  }
  if (setresuid(0, 0, 0) == 0) {
    errno = EPERM;
    die("could regain root");
  }

  limit(RLIMIT_CPU, cpu_soft, cpu_hard, "RLIMIT_CPU");
  limit(RLIMIT_FSIZE, fsize, fsize, "RLIMIT_FSIZE");
  limit(RLIMIT_NOFILE, nofile, nofile, "RLIMIT_NOFILE");
  limit(RLIMIT_NPROC, nproc, nproc, "RLIMIT_NPROC");
  limit(RLIMIT_CORE, 0, 0, "RLIMIT_CORE");

  if (chdir("/") != 0) die("chdir");
  char *envp[] = { NULL };
  execve(program[0], program, envp);
  die(program[0]);
  return 127;
}
