/*
 * Writes the sandbox's seccomp filter as raw BPF to stdout (bwrap --seccomp FD reads it).
 * Built at first use by src/host/seccomp.ts: gcc -O2 seccomp-gen.c -lseccomp.
 *
 * Default: allow. Denied with EPERM: everything that changes mounts, namespaces, the kernel,
 * other processes' memory or tracing, keys, BPF, perf, io_uring, and sockets other than
 * AF_UNIX. clone3 answers ENOSYS (its flags live in memory a filter cannot read) so libc falls
 * back to clone, whose namespace flags are checked. Other architectures (x32, i386) are killed
 * by libseccomp's bad-arch action.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <seccomp.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

#ifndef CLONE_NEWTIME
#define CLONE_NEWTIME 0x00000080
#endif

static const char *denied[] = {
  "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
  "mount", "umount", "umount2", "pivot_root", "chroot", "move_mount", "open_tree", "fsopen",
  "fsconfig", "fsmount", "fspick", "mount_setattr", "unshare", "setns",
  "keyctl", "add_key", "request_key", "bpf", "perf_event_open", "userfaultfd",
  "io_uring_setup", "io_uring_enter", "io_uring_register",
  "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module",
  "reboot", "swapon", "swapoff", "syslog", "acct", "settimeofday", "clock_settime",
  "clock_adjtime", "adjtimex", "sethostname", "setdomainname", "iopl", "ioperm",
  "open_by_handle_at", "name_to_handle_at", "lookup_dcookie", "quotactl", "nfsservctl",
  "vhangup", "personality", "uselib", "fanotify_init", "mknod", "mknodat",
  "quotactl_fd", "landlock_create_ruleset", "memfd_secret",
};

int main(void) {
  scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
  if (!ctx) return 1;
  int rc = 0;
  for (size_t i = 0; i < sizeof(denied) / sizeof(denied[0]); i++) {
    int nr = seccomp_syscall_resolve_name(denied[i]);
    if (nr == __NR_SCMP_ERROR) continue;
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 0);
  }
  rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
  /* One rule per namespace bit: deny clone() when that bit is set. */
  const unsigned long bits[] = { CLONE_NEWNS, CLONE_NEWUTS, CLONE_NEWIPC, CLONE_NEWUSER,
                                 CLONE_NEWPID, CLONE_NEWNET, CLONE_NEWCGROUP, CLONE_NEWTIME };
  for (size_t i = 0; i < sizeof(bits) / sizeof(bits[0]); i++)
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1,
                           SCMP_A0(SCMP_CMP_MASKED_EQ, bits[i], bits[i]));
  /* Sockets: only AF_UNIX (local pipes some runtimes use); no network families at all. */
  rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(socket), 1,
                         SCMP_A0(SCMP_CMP_NE, AF_UNIX));
  rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EACCES), SCMP_SYS(socketpair), 1,
                         SCMP_A0(SCMP_CMP_NE, AF_UNIX));
  /* TIOCSTI / TIOCLINUX would let a process type into a terminal it shares. */
  rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(ioctl), 1,
                         SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffUL, 0x5412UL));
  rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(ioctl), 1,
                         SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffUL, 0x541CUL));
  if (rc != 0) { seccomp_release(ctx); return 2; }
  rc = seccomp_export_bpf(ctx, STDOUT_FILENO);
  seccomp_release(ctx);
  return rc == 0 ? 0 : 3;
}
