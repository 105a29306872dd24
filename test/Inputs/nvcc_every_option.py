"""Writes a compile_commands.json whose nvcc command uses every option the
linter's table lists (cuda-coalesce-lint --list-nvcc-options on stdin), each
with a value of the kind it takes, for test/cli/nvcc-options.test.

usage: nvcc_every_option.py DIR FILE < list
"""
import json
import os
import sys

# Values that keep the command meaningful where any string would not.
VALUES = {
    "--options-file": "opts.rsp",
    "--x": "cu",
    "--std": "c++17",
    "--gpu-architecture": "sm_80",
    "--gpu-code": "sm_80",
    "--generate-code": "arch=compute_80,code=sm_80",
    "--compiler-options": "-DFROM_HOST",
    "--define-macro": "FROM_NVCC=1",
    "--include-path": "inc",
    "--system-include": "sys",
    "--pre-include": "pre.h",
    "--output-file": "k.o",
    "--relocatable-device-code": "true",
    "--default-stream": "per-thread",
    "--ftemplate-depth": "900",
    "--ftemplate-backtrace-limit": "10",
}

def main():
    directory, source = sys.argv[1], sys.argv[2]
    args = ["/usr/local/cuda/bin/nvcc"]
    for line in sys.stdin:
        fields = line.rstrip("\n").split("\t")
        long_name, short_name, value = fields[0], fields[1], fields[2]
        if long_name in ("--preprocess", "--help", "--version", "--run",
                         "--undefine-macro", "--dryrun"):
            continue  # would change what nvcc does with the file, not how
        # Long and short spellings alternate, both in the '=' and the
        # separate-value forms.
        name = short_name if short_name and len(args) % 2 else long_name
        if value == "none":
            args.append(name)
        elif len(args) % 3:
            args += [name, VALUES.get(long_name, "1")]
        else:
            args.append(name + "=" + VALUES.get(long_name, "1"))
    args += ["-c", source]
    with open(os.path.join(directory, "opts.rsp"), "w") as fh:
        fh.write('-DFROM_OPTIONS_FILE "-I%s"\n' % os.path.join(directory, "from rsp"))
    with open(os.path.join(directory, "compile_commands.json"), "w") as fh:
        json.dump([{"directory": directory, "file": source, "arguments": args}],
                  fh, indent=1)

if __name__ == "__main__":
    main()
