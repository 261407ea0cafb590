#!/usr/bin/env python3
"""One run of a benchmark for `git benchbisect run --metric` on a real GPU.

A Triton row softmax of a 16384 x 4096 fp16 matrix, timed by
triton.testing.do_bench; prints the time in microseconds. The commit's
config.txt names a config by letter (A, B, C), and the environment maps
each letter to num_warps (BENCH_WARPS_A=4 ...): record-h200.sh picks the
configs on the machine, after measuring them. pos.txt holds the commit's
position in the window; each run appends "<position> <letter> <us>" to
$BENCH_RECORD when that is set.
"""
import os

import torch
import triton
import triton.language as tl


@triton.jit
def softmax_kernel(out_ptr, in_ptr, stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < n_cols
    x = tl.load(in_ptr + row * stride + offs, mask=mask, other=-float("inf")).to(tl.float32)
    x = x - tl.max(x, axis=0)
    num = tl.exp(x)
    y = num / tl.sum(num, axis=0)
    tl.store(out_ptr + row * stride + offs, y.to(tl.float16), mask=mask)


def time_us(warps, x, y):
    def run():
        softmax_kernel[(x.shape[0],)](y, x, x.stride(0), x.shape[1], BLOCK=4096, num_warps=warps)

    run()
    torch.cuda.synchronize()
    return triton.testing.do_bench(run, warmup=25, rep=100) * 1000


def inputs():
    torch.manual_seed(0)
    x = torch.randn(16384, 4096, device="cuda", dtype=torch.float16)
    return x, torch.empty_like(x)


def main():
    letter = open("config.txt").read().split()[0]
    warps = int(os.environ["BENCH_WARPS_" + letter])
    x, y = inputs()
    us = time_us(warps, x, y)
    print(f"{us:.2f}")
    record = os.environ.get("BENCH_RECORD")
    if record:
        with open(record, "a") as f:
            f.write(f"{open('pos.txt').read().strip()} {letter} {us:.2f}\n")


if __name__ == "__main__":
    main()
