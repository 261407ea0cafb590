#!/usr/bin/env python3
"""One run of the softmax of softmax_bench.py over ROWS x 4096 (argv[1]),
num_warps argv[2]: prints "<rows> <us>". noise-levels.sh runs it at
several sizes, a process a run as `run --metric` runs a benchmark, to see
whether the run-to-run noise keeps its size or grows with the time.
"""
import sys

import torch

from softmax_bench import time_us


def main():
    rows, warps = int(sys.argv[1]), int(sys.argv[2])
    torch.manual_seed(0)
    x = torch.randn(rows, 4096, device="cuda", dtype=torch.float16)
    print(f"{rows} {time_us(warps, x, torch.empty_like(x)):.3f}")


if __name__ == "__main__":
    main()
