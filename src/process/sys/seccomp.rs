//! The seccomp filter a boxed program runs under: a small classic BPF program, built in a
//! constant array, that the kernel runs at each of the program's system calls. It closes the
//! ways around the box's namespaces that isolate's and Docker's filters close too:
//!
//! - a call of another architecture's ABI (the i386 one, by `int 0x80` from a 64-bit program)
//!   kills the process: its numbers are not the ones checked below;
//! - a call of the x32 ABI (numbers with bit 30 set) fails with ENOSYS;
//! - `io_uring_setup` (and `io_uring_enter`, `io_uring_register`) fail with ENOSYS, as on a
//!   kernel without io_uring, so a runtime falls back to plain calls: a ring's work is done by
//!   kernel threads outside the checks of this filter;
//! - `socket` and `socketpair` make only `AF_UNIX`, `AF_INET`, `AF_INET6` and `AF_NETLINK`
//!   sockets (the box's network namespace is empty for these), and fail with EAFNOSUPPORT for
//!   any other family: `AF_VSOCK` reaches the host whatever the namespace, `AF_PACKET` and the
//!   rest are kernel code no contest program needs.
//!
//! Installed with `prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, …)` after `no_new_privs`, as the
//! last step before exec, in the forked child: one call on a static array, async-signal-safe.

use super::prctl;
use std::io;
use std::os::raw::{c_int, c_ulong};

/// One instruction of a classic BPF program (`struct sock_filter`).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Instruction {
    pub code: u16,
    /// How many instructions to skip when a jump's test holds, and when it does not.
    pub if_true: u8,
    pub if_false: u8,
    pub operand: u32,
}

/// A program as `prctl` takes it (`struct sock_fprog`).
#[repr(C)]
struct Program {
    length: u16,
    instructions: *const Instruction,
}

// The instruction codes used (linux/bpf_common.h).
/// Loads the 32-bit word at an offset of `struct seccomp_data` (`BPF_LD | BPF_W | BPF_ABS`).
pub const LOAD_WORD: u16 = 0x20;
/// Jumps if the word equals the operand (`BPF_JMP | BPF_JEQ | BPF_K`).
pub const JUMP_IF_EQUAL: u16 = 0x15;
/// Jumps if the word has any bit of the operand set (`BPF_JMP | BPF_JSET | BPF_K`).
pub const JUMP_IF_ANY_BIT: u16 = 0x45;
/// Ends the filter with the operand as its answer (`BPF_RET | BPF_K`).
pub const RETURN: u16 = 0x06;

// The offsets in `struct seccomp_data`: the syscall's number, its ABI, the low word of its
// first argument (little-endian).
pub const NUMBER: u32 = 0;
pub const ARCHITECTURE: u32 = 4;
pub const FIRST_ARGUMENT: u32 = 16;

// The answers (linux/seccomp.h).
pub const KILL_PROCESS: u32 = 0x8000_0000;
pub const ALLOW: u32 = 0x7fff_0000;
const FAIL_WITH: u32 = 0x0005_0000;
pub const ENOSYS: u32 = 38;
pub const EAFNOSUPPORT: u32 = 97;

/// The ABI of x86-64 programs (`AUDIT_ARCH_X86_64`).
pub const AUDIT_ARCH_X86_64: u32 = 0xc000_003e;
/// The bit that marks an x32 call (`__X32_SYSCALL_BIT`).
pub const X32_BIT: u32 = 0x4000_0000;

// x86-64's numbers of the calls checked.
pub const SYS_SOCKET: u32 = 41;
pub const SYS_SOCKETPAIR: u32 = 53;
pub const SYS_IO_URING_SETUP: u32 = 425;
pub const SYS_IO_URING_ENTER: u32 = 426;
pub const SYS_IO_URING_REGISTER: u32 = 427;

// The socket families allowed (linux/socket.h).
pub const AF_UNIX: u32 = 1;
pub const AF_INET: u32 = 2;
pub const AF_INET6: u32 = 10;
pub const AF_NETLINK: u32 = 16;

const fn load(offset: u32) -> Instruction {
    Instruction {
        code: LOAD_WORD,
        if_true: 0,
        if_false: 0,
        operand: offset,
    }
}

/// A jump on `value` that skips `skip` instructions when the test holds, none otherwise.
const fn jump(code: u16, value: u32, skip: u8) -> Instruction {
    Instruction {
        code,
        if_true: skip,
        if_false: 0,
        operand: value,
    }
}

const fn answer(value: u32) -> Instruction {
    Instruction {
        code: RETURN,
        if_true: 0,
        if_false: 0,
        operand: value,
    }
}

/// The filter. A jump's skip counts the instructions after it: index + 1 + skip is where it
/// lands (each skip is written with the index it lands on).
pub static FILTER: [Instruction; 19] = [
    /* 0 */ load(ARCHITECTURE),
    /* 1 */ jump(JUMP_IF_EQUAL, AUDIT_ARCH_X86_64, 1), // to 3
    /* 2 */ answer(KILL_PROCESS),
    /* 3 */ load(NUMBER),
    /* 4 */ jump(JUMP_IF_ANY_BIT, X32_BIT, 13), // to 18
    /* 5 */ jump(JUMP_IF_EQUAL, SYS_IO_URING_SETUP, 12), // to 18
    /* 6 */ jump(JUMP_IF_EQUAL, SYS_IO_URING_ENTER, 11), // to 18
    /* 7 */ jump(JUMP_IF_EQUAL, SYS_IO_URING_REGISTER, 10), // to 18
    /* 8 */ jump(JUMP_IF_EQUAL, SYS_SOCKET, 2), // to 11
    /* 9 */ jump(JUMP_IF_EQUAL, SYS_SOCKETPAIR, 1), // to 11
    /* 10 */ answer(ALLOW),
    /* 11 */ load(FIRST_ARGUMENT),
    /* 12 */ jump(JUMP_IF_EQUAL, AF_UNIX, 4), // to 17
    /* 13 */ jump(JUMP_IF_EQUAL, AF_INET, 3), // to 17
    /* 14 */ jump(JUMP_IF_EQUAL, AF_INET6, 2), // to 17
    /* 15 */ jump(JUMP_IF_EQUAL, AF_NETLINK, 1), // to 17
    /* 16 */ answer(FAIL_WITH | EAFNOSUPPORT),
    /* 17 */ answer(ALLOW),
    /* 18 */ answer(FAIL_WITH | ENOSYS),
];

/// Puts this process (and every process it starts) under `FILTER`, for good. `no_new_privs`
/// must be set first (else the kernel asks for a capability).
pub fn install_filter() -> io::Result<()> {
    const PR_SET_SECCOMP: c_int = 22;
    const SECCOMP_MODE_FILTER: c_ulong = 2;
    let program = Program {
        length: FILTER.len() as u16,
        instructions: FILTER.as_ptr(),
    };
    // SAFETY: prctl reads `program` and the static array it points to, both valid for the
    // call; the kernel copies the filter before it returns.
    let result = unsafe {
        prctl(
            PR_SET_SECCOMP,
            SECCOMP_MODE_FILTER,
            &program as *const Program as c_ulong,
            0,
            0,
        )
    };
    match result {
        0 => Ok(()),
        _ => Err(io::Error::last_os_error()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the kernel would answer for a call: `FILTER` run by a small interpreter of the
    /// four instructions it uses, on a `struct seccomp_data` of the call's number, ABI and
    /// first argument.
    fn verdict(architecture: u32, number: u32, first_argument: u32) -> u32 {
        let mut accumulator = 0;
        let mut at = 0;
        loop {
            let instruction = FILTER[at];
            at += 1;
            match instruction.code {
                LOAD_WORD => {
                    accumulator = match instruction.operand {
                        NUMBER => number,
                        ARCHITECTURE => architecture,
                        FIRST_ARGUMENT => first_argument,
                        other => panic!("a load of offset {other}"),
                    }
                }
                JUMP_IF_EQUAL | JUMP_IF_ANY_BIT => {
                    let holds = match instruction.code {
                        JUMP_IF_EQUAL => accumulator == instruction.operand,
                        _ => accumulator & instruction.operand != 0,
                    };
                    at += match holds {
                        true => instruction.if_true,
                        false => instruction.if_false,
                    } as usize;
                }
                RETURN => return instruction.operand,
                other => panic!("an instruction {other:#x}"),
            }
        }
    }

    const X86_64: u32 = AUDIT_ARCH_X86_64;
    /// `AUDIT_ARCH_I386`: a call made with `int 0x80`.
    const I386: u32 = 0x4000_0003;
    const AF_PACKET: u32 = 17;
    const AF_VSOCK: u32 = 40;

    #[test]
    fn another_abi_is_killed_and_x32_calls_fail() {
        assert_eq!(verdict(I386, 20, 0), KILL_PROCESS);
        assert_eq!(verdict(I386, SYS_SOCKET, AF_UNIX), KILL_PROCESS);
        assert_eq!(verdict(X86_64, X32_BIT | SYS_SOCKET, AF_INET), 0x0005_0026);
        assert_eq!(verdict(X86_64, X32_BIT | 39, 0), 0x0005_0026);
    }

    #[test]
    fn io_uring_fails_as_on_a_kernel_without_it() {
        for number in [425, 426, 427] {
            assert_eq!(verdict(X86_64, number, 0), 0x0005_0026);
        }
        assert_eq!(verdict(X86_64, 424, 0), ALLOW);
        assert_eq!(verdict(X86_64, 428, 0), ALLOW);
    }

    #[test]
    fn only_four_socket_families_are_made() {
        for number in [41, 53] {
            for family in [1, 2, 10, 16] {
                assert_eq!(verdict(X86_64, number, family), ALLOW, "{number} {family}");
            }
            for family in [0, 3, AF_PACKET, AF_VSOCK, 38, 0x1_0001] {
                assert_eq!(
                    verdict(X86_64, number, family),
                    0x0005_0061,
                    "{number} {family}"
                );
            }
        }
        // The family is the first argument of these two calls only.
        assert_eq!(verdict(X86_64, 0, AF_VSOCK), ALLOW);
        assert_eq!(verdict(X86_64, 42, AF_VSOCK), ALLOW);
    }
}
