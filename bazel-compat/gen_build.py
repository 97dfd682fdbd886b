#!/usr/bin/env python3
"""Generates tally's Bazel build from its CMake build, and checks they agree.

CMake is the primary build, and every target in it is declared through the
helpers in cmake/TallyHelpers.cmake. This script reads the tally_cc_library,
tally_cc_test and tally_cc_binary calls (and the proto lists) from the
CMakeLists.txt files that add_subdirectory() reaches from the top-level one,
and writes the Bazel build from them, the way RocksDB's buckifier writes its
Buck build:

  bazel-compat/tally_src.BUILD     every library, binary and test, and the
                                   protoc genrules, in the @tally_src
                                   repository (the tally checkout itself)
  bazel-compat/BUILD.bazel         an alias per library and binary and a
                                   test_suite per test, so that
                                   `bazel test //...` covers the whole build
  bazel-compat/system/BUILD.bazel  a cc_library per system library used,
                                   linking Debian 12's package by name
  bazel-compat/outside.bzl         folders outside the repository named by
                                   the CMake build (optional repositories)

A source that a CMake script writes at configure time (replay/profiles.cmake
embeds the regulation profiles into builtin_profiles.cc) is written for Bazel
by a Python mirror of that script (embed_profiles.py), see CMAKE_SCRIPTS.

Usage:
  python3 bazel-compat/gen_build.py           rewrite the generated files
  python3 bazel-compat/gen_build.py --check   exit 1, saying why, if they are
                                              stale or the builds disagree
  ... --check --cmake-build-dir DIR           also compare with a configured
                                              CMake build dir: the tests ctest
                                              registers and their arguments,
                                              and each mirrored source, byte
                                              for byte

--check needs neither Bazel nor a CMake build and takes well under a second.
Besides regenerating and diffing, it checks independently, from the committed
Bazel files, that every C++ file under core/ replay/ server/ tests/ is in
exactly one target of each build, that every proto is compiled, that both
builds have the same libraries, binaries and tests, and that every #include
of a tally header is backed by a dependency (CMake would not notice a missing
one; Bazel's sandbox would).

Anything in a CMakeLists.txt this script does not understand is an error,
never skipped: declare targets with the helpers, or teach this script. So is
a change to cmake/TallyHelpers.cmake or to a mirrored CMake script, until the
copy of its semantics here is brought up to date and its hash updated.
Python 3 standard library only.
"""

import argparse
import difflib
import glob
import hashlib
import importlib.util
import json
import os
import re
import subprocess
import sys

# ----------------------------------------------------------------------------
# What is mirrored.

# cmake/TallyHelpers.cmake as this script copies it: the helpers' keywords;
# tests link GTest::gmock and GTest::gtest_main, or GTest::gtest when
# CUSTOM_MAIN says their SRCS define main(); test ARGS go on the command line;
# BUNDLE (which binary CMake links the test into) means nothing to Bazel,
# which keeps one cc_test per test, and ctest's --gtest_filter selecting the
# test's suites in its bundle is not an argument Bazel needs;
# libraries are static and put the source root on the include path. When the
# helpers change, check all that still holds and update the hash.
HELPERS_PATH = "cmake/TallyHelpers.cmake"
HELPERS_SHA256 = "934624f4e5b8a2a8bd0097e4558f6ff0e200ebc934fe9ef5f4c4331a22e92cb2"
HELPERS = {   # CMake function -> (Bazel rule, options, keywords)
    "tally_cc_library": ("cc_library", ["TESTONLY"],
                         ["NAME", "SRCS", "HDRS", "DEPS"]),
    "tally_cc_test": ("cc_test", ["CUSTOM_MAIN"],
                      ["NAME", "BUNDLE", "SRCS", "DEPS", "ARGS"]),
    "tally_cc_binary": ("cc_binary", [], ["NAME", "SRCS", "DEPS"]),
}
TEST_DEPS = ["GTest::gmock", "GTest::gtest_main"]
TEST_CUSTOM_MAIN_DEPS = ["GTest::gmock", "GTest::gtest"]

# The proto library is the one target not declared with the helpers:
# proto/CMakeLists.txt runs protoc over TALLY_PROTOS, and grpc_cpp_plugin
# over TALLY_GRPC_PROTOS, into the build tree.
PROTO_DIR = "proto"
PROTO_TARGET = "tally_proto"
PROTO_DEPS = ["protobuf::libprotobuf", "gRPC::grpc++"]

# CMake scripts that write sources at configure time, include()d from a
# CMakeLists.txt. gen_build.py reads their set(), file(GLOB) and helper calls
# and skips the rest (the writing); Bazel runs a Python mirror of it instead,
# a script here whose render(paths) returns the same bytes from the globbed
# files. The hash is of the script version the mirror copies.
CMAKE_SCRIPTS = {
    "replay/profile/profiles.cmake": {
        "sha256": "032e28ad1586e6155c7f7af2dbb6f3af8dae9824f4dc4f91652862b21987b58f",
        "outputs": {"replay/profile/builtin_profiles.cc": "embed_profiles.py"},
    },
}

# CMake scripts include()d from the top level that only add build modes
# (sanitizer and libFuzzer flags, precompiled headers, and libFuzzer binaries
# of targets declared with the helpers); they declare nothing Bazel builds,
# so they are skipped.
BUILD_MODE_SCRIPTS = {"cmake/TallyBuildModes.cmake",
                      "cmake/TallyPrecompiled.cmake"}

# Folders whose C/C++ files must each be in exactly one target.
SOURCE_ROOTS = ["core", "replay", "server", "tests"]
SOURCE_EXTENSIONS = (".cc", ".h", ".cpp", ".hpp", ".c", ".inc")

# Commands that declare no target and change nothing Bazel needs.
IGNORED_COMMANDS = {"cmake_minimum_required", "project", "find_package",
                    "find_program", "enable_testing", "message",
                    "pkg_check_modules",
                    # the version from git (server/CMakeLists.txt) is
                    # CMake's only; a Bazel build prints the fallback
                    "execute_process", "set_source_files_properties",
                    # EXCLUDE_FROM_ALL on the load generator (CMake only:
                    # Bazel builds what it is asked for anyway)
                    "set_target_properties",
                    # register the bundles' filter checks and the
                    # regulation map's (CMake only)
                    "tally_check_test_bundles", "tally_check_regulation_map"}

SRC_REPO = "tally_src"      # the checkout, as WORKSPACE names it
SYSTEM_PKG = "@//system"    # the system library wrappers

# System libraries: CMake imported target -> (Bazel wrapper name, link flags).
# The flags are `pkg-config --libs <module>` on Debian 12 (Abseil 20220623,
# gRPC 1.51, protobuf 3.21, RocksDB 7.8, OpenSSL 3.0, GoogleTest 1.12),
# duplicates dropped. The shared libraries are linked by name, so every one
# whose symbols the objects use must be listed: ld does not look in a
# library's own dependencies for them. To add a library, run pkg-config for
# it and add a line.
_ABSL_BASE = ("-Wl,--push-state,--as-needed -latomic -Wl,--pop-state -lrt "
              "-labsl_base -labsl_spinlock_wait -labsl_int128 "
              "-labsl_throw_delegate -labsl_raw_logging_internal "
              "-labsl_log_severity")
_ABSL_STRINGS = "-labsl_strings -labsl_strings_internal " + _ABSL_BASE
_ABSL_TIME = "-labsl_time -labsl_civil_time -labsl_time_zone " + _ABSL_STRINGS
_ABSL_SYNC = ("-labsl_synchronization -labsl_graphcycles_internal "
              "-labsl_stacktrace -labsl_symbolize -labsl_debugging_internal "
              "-labsl_demangle_internal -labsl_malloc_internal " + _ABSL_TIME)
_ABSL_CORD = ("-labsl_cord -labsl_cordz_info -labsl_cord_internal "
              "-labsl_cordz_functions -labsl_exponential_biased "
              "-labsl_cordz_handle -labsl_bad_optional_access " + _ABSL_SYNC)
_ABSL_STATUS = ("-labsl_status -labsl_strerror -labsl_str_format_internal "
                + _ABSL_CORD)
_ABSL_HASH = ("-labsl_hash -labsl_city -labsl_bad_variant_access "
              "-labsl_low_level_hash -labsl_raw_hash_set "
              "-labsl_hashtablez_sampler " + _ABSL_CORD)
_ABSL_FLAGS = ("-labsl_flags_internal -labsl_flags_marshalling "
               "-labsl_str_format_internal -labsl_flags_reflection "
               "-labsl_flags_private_handle_accessor "
               "-labsl_flags_commandlineflag "
               "-labsl_flags_commandlineflag_internal -labsl_flags_config "
               "-labsl_flags_program_name " + _ABSL_HASH)
_ABSL_RANDOM = ("-labsl_random_distributions -labsl_random_seed_sequences "
                "-labsl_random_internal_pool_urbg "
                "-labsl_random_internal_randen "
                "-labsl_random_internal_randen_hwaes "
                "-labsl_random_internal_randen_hwaes_impl "
                "-labsl_random_internal_randen_slow "
                "-labsl_random_internal_platform "
                "-labsl_random_internal_seed_material "
                "-labsl_random_seed_gen_exception")
_GTEST = "-lgtest -lpthread"
SYSTEM_LIBS = {
    "absl::base": ("absl_base", _ABSL_BASE),
    "absl::btree": ("absl_btree", _ABSL_CORD),
    "absl::civil_time": ("absl_civil_time", "-labsl_civil_time"),
    "absl::cleanup": ("absl_cleanup", ""),
    "absl::flags": ("absl_flags", _ABSL_FLAGS),
    "absl::flags_parse": ("absl_flags_parse",
                          "-labsl_flags_parse -labsl_flags_usage "
                          "-labsl_flags_usage_internal " + _ABSL_FLAGS),
    "absl::flags_usage": ("absl_flags_usage",
                          "-labsl_flags_usage -labsl_flags_usage_internal "
                          + _ABSL_FLAGS),
    "absl::flat_hash_map": ("absl_flat_hash_map", _ABSL_HASH),
    "absl::flat_hash_set": ("absl_flat_hash_set", _ABSL_HASH),
    "absl::hash": ("absl_hash", _ABSL_HASH),
    "absl::inlined_vector": ("absl_inlined_vector",
                             "-labsl_throw_delegate "
                             "-labsl_raw_logging_internal -labsl_log_severity"),
    "absl::optional": ("absl_optional",
                       "-labsl_bad_optional_access "
                       "-labsl_raw_logging_internal -labsl_log_severity"),
    "absl::random_random": ("absl_random_random",
                            _ABSL_RANDOM + " -labsl_bad_optional_access "
                            + _ABSL_STRINGS),
    "absl::span": ("absl_span", "-labsl_throw_delegate "
                   "-labsl_raw_logging_internal -labsl_log_severity"),
    "absl::status": ("absl_status", _ABSL_STATUS),
    "absl::statusor": ("absl_statusor",
                       "-labsl_statusor -labsl_bad_variant_access "
                       + _ABSL_STATUS),
    "absl::str_format": ("absl_str_format",
                         "-labsl_str_format_internal " + _ABSL_STRINGS),
    "absl::strings": ("absl_strings", _ABSL_STRINGS),
    "absl::synchronization": ("absl_synchronization", _ABSL_SYNC),
    "absl::time": ("absl_time", _ABSL_TIME),
    "gRPC::grpc++": ("grpc++",
                     "-lgrpc++ -lgrpc -laddress_sorting -lre2 -lupb -lcares "
                     "-lz -lgpr -lssl -lcrypto -labsl_statusor "
                     + _ABSL_RANDOM + " " + _ABSL_HASH + " " + _ABSL_STATUS),
    # gRPCTargets.cmake: grpc++_reflection links protobuf and grpc++ too.
    "gRPC::grpc++_reflection": ("grpc++_reflection",
                                "-lgrpc++_reflection -lprotobuf"),
    "protobuf::libprotobuf": ("protobuf", "-lprotobuf"),
    "RocksDB::rocksdb": ("rocksdb", "-lrocksdb"),
    "OpenSSL::Crypto": ("crypto", "-lcrypto"),
    "OpenSSL::SSL": ("ssl", "-lssl"),
    "GTest::gmock": ("gmock", "-lgmock " + _GTEST),
    "GTest::gmock_main": ("gmock_main", "-lgmock_main -lgmock " + _GTEST),
    "GTest::gtest": ("gtest", _GTEST),
    "GTest::gtest_main": ("gtest_main", "-lgtest_main " + _GTEST),
    "Threads::Threads": ("threads", "-lpthread"),
    # pkg_check_modules(HTTPLIB REQUIRED IMPORTED_TARGET cpp-httplib).
    "PkgConfig::HTTPLIB": ("cpp_httplib", "-lcpp-httplib"),
    # pkg_check_modules(UTF8PROC REQUIRED IMPORTED_TARGET libutf8proc).
    "PkgConfig::UTF8PROC": ("utf8proc", "-lutf8proc"),
    # find_package(CLI11): header-only.
    "CLI11::CLI11": ("cli11", ""),
    # find_package(pugixml) (libpugixml-dev): pugixml::pugixml.
    "pugixml::pugixml": ("pugixml", "-lpugixml"),
}
SYSTEM_LIB_DEPS = {"gRPC::grpc++_reflection": ["gRPC::grpc++"]}
# `pkg-config --cflags <module>` definitions a library's headers need (the
# ABI of Debian's shared library depends on them).
SYSTEM_LIB_DEFINES = {
    "PkgConfig::HTTPLIB": ["CPPHTTPLIB_OPENSSL_SUPPORT",
                           "CPPHTTPLIB_ZLIB_SUPPORT",
                           "CPPHTTPLIB_BROTLI_SUPPORT"],
}

GENERATED = (
    "# Generated by bazel-compat/gen_build.py from the CMakeLists.txt files.\n"
    "# DO NOT EDIT: change the CMake build, then run\n"
    "#   python3 bazel-compat/gen_build.py\n")


class GenError(Exception):
    pass


# ----------------------------------------------------------------------------
# Reading CMake.

_TOKEN_RE = re.compile(r"""
    (?P<ws>[ \t\r\n]+)
  | (?P<bracket_comment>\#\[(?P<eq1>=*)\[.*?\](?P=eq1)\])
  | (?P<comment>\#[^\n]*)
  | (?P<open>\()
  | (?P<close>\))
  | (?P<bracket_arg>\[(?P<eq2>=*)\[.*?\](?P=eq2)\])
  | (?P<quoted>"(?:[^"\\]|\\.)*")
  | (?P<unquoted>(?:[^\s()#"\\]|\\.)(?:[^\s()"\\]|\\.|"(?:[^"\\]|\\.)*")*)
""", re.VERBOSE | re.DOTALL)
_IDENT_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


class Command:
    """One command invocation: name (lower case) and [(text, quoted)]."""

    def __init__(self, name, args, path, line):
        self.name = name
        self.args = args
        self.path = path
        self.line = line

    def where(self):
        return f"{self.path}:{self.line}"


def parse_cmake(text, path):
    """Splits a CMake file into its command invocations."""
    commands = []
    pos, line = 0, 1
    current = None      # [name, args, line, paren depth]
    name = None         # (identifier, line) waiting for its "("
    while pos < len(text):
        m = _TOKEN_RE.match(text, pos)
        if not m:
            raise GenError(f"{path}:{line}: cannot parse {text[pos:pos + 20]!r}")
        tok = m.group(0)
        kind = next(k for k in ("ws", "bracket_comment", "comment", "open",
                                "close", "bracket_arg", "quoted", "unquoted")
                    if m.group(k) is not None)
        if current is None:
            if kind == "unquoted" and _IDENT_RE.fullmatch(tok):
                name = (tok.lower(), line)
            elif kind == "open" and name:
                current = [name[0], [], name[1], 0]
                name = None
            elif kind not in ("ws", "comment", "bracket_comment"):
                raise GenError(f"{path}:{line}: unexpected {tok!r}")
        elif kind == "open":
            current[3] += 1
            current[1].append(("(", False))
        elif kind == "close" and current[3] == 0:
            commands.append(Command(current[0], current[1], path, current[2]))
            current = None
        elif kind == "close":
            current[3] -= 1
            current[1].append((")", False))
        elif kind == "quoted":
            current[1].append((_unescape(tok[1:-1]), True))
        elif kind == "bracket_arg":
            n = len(m.group("eq2"))
            current[1].append((tok[2 + n:-(2 + n)], True))
        elif kind == "unquoted":
            current[1].append((_unescape(tok), False))
        line += tok.count("\n")
        pos = m.end()
    if current is not None:
        raise GenError(f"{path}:{current[2]}: unterminated {current[0]}(")
    return commands


def _unescape(s):
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t", ";": "\\;"}.get(
        m.group(1), m.group(1)), s)


# A source-tree path inside expanded values: "<SRC>" for ${PROJECT_SOURCE_DIR},
# "<SRC>/core/vp" for ${CMAKE_CURRENT_SOURCE_DIR} in core/vp. How it becomes a
# Bazel path depends on where the value is used.
_SRC = "\x00SRC\x00"
_BIN = "\x00BIN\x00"     # the same for the build tree, in CMAKE_SCRIPTS only


class Scope:
    """The variables one CMakeLists.txt sees (a copy of its parent's)."""

    def __init__(self, rel_dir, parent=None):
        self.vars = dict(parent.vars) if parent else {}
        here = _SRC + ("/" + rel_dir if rel_dir else "")
        self.vars.update(CMAKE_CURRENT_SOURCE_DIR=here,
                         CMAKE_CURRENT_LIST_DIR=here,
                         PROJECT_SOURCE_DIR=_SRC, CMAKE_SOURCE_DIR=_SRC)

    def expand(self, args, where):
        """Evaluates ${VAR}; unquoted arguments split into list items."""
        out = []
        for text, quoted in args:
            value = self._expand(text, where)
            if quoted:
                out.append(value)
            else:
                out += [v for v in re.split(r"(?<!\\);", value) if v]
        return out

    def _expand(self, text, where):
        def var(m):
            if m.group(1) in ("CMAKE_CURRENT_BINARY_DIR", "CMAKE_BINARY_DIR",
                              "PROJECT_BINARY_DIR") and \
                    m.group(1) not in self.vars:
                raise GenError(f"{where}: ${{{m.group(1)}}} (the build tree) "
                               "has no Bazel equivalent; teach gen_build.py")
            return self.vars.get(m.group(1), "")
        if "$ENV{" in text or "$CACHE{" in text:
            raise GenError(f"{where}: $ENV{{}} and $CACHE{{}} not supported")
        prev = None
        while prev != text:
            prev, text = text, re.sub(r"\$\{([A-Za-z0-9_]+)\}", var, text)
        return text


class Target:
    def __init__(self, kind, name, cmake_file):
        self.kind = kind            # a Bazel rule: cc_library, cc_test, ...
        self.name = name
        self.cmake_file = cmake_file
        self.srcs = []              # repository-relative paths
        self.hdrs = []
        self.deps = []              # CMake names
        self.args = []              # test arguments, expanded
        self.defines = []           # (NAME=value, public)
        self.protos = []            # proto target: paths under proto/
        self.grpc_protos = []
        self.testonly = False       # TESTONLY: only tests may depend on it


class Project:
    def __init__(self):
        self.targets = {}           # name -> Target, in declaration order
        self.copts = []
        self.generated = {}         # path -> (mirror script, [glob], cmake)


def read_project(root):
    """Reads the CMake build reachable from root/CMakeLists.txt."""
    project = Project()
    scope = Scope("")
    _read_dir(root, "", scope, project)
    standard = scope.vars.get("CMAKE_CXX_STANDARD")
    if standard:
        project.copts.insert(0, f"-std=c++{standard}")
    return project


def _read_dir(root, rel_dir, scope, project):
    path = f"{rel_dir}/CMakeLists.txt" if rel_dir else "CMakeLists.txt"
    try:
        with open(os.path.join(root, path), encoding="utf-8") as f:
            commands = parse_cmake(f.read(), path)
    except OSError as e:
        raise GenError(f"cannot read {path}: {e}") from e
    if rel_dir == PROTO_DIR:
        _read_proto_dir(commands, scope, project)
        return
    depth = 0           # inside if() or loop blocks
    for cmd in commands:
        where = cmd.where()
        if cmd.name in ("if", "foreach", "while", "function", "macro"):
            depth += 1
            continue
        if cmd.name in ("endif", "endforeach", "endwhile", "endfunction",
                        "endmacro"):
            depth -= 1
            continue
        if cmd.name in ("else", "elseif"):
            continue
        args = scope.expand(cmd.args, where)
        if depth and not (cmd.name == "set" and args and
                          args[0].startswith("CMAKE_")):
            # Only defaults for CMake's own settings may be conditional, e.g.
            # if(NOT CMAKE_BUILD_TYPE) set(CMAKE_BUILD_TYPE ...) endif().
            raise GenError(f"{where}: {cmd.name}() inside an if() or a loop; "
                           "gen_build.py follows plain declarations only")
        if cmd.name in IGNORED_COMMANDS:
            pass
        elif cmd.name == "include" and args == [HELPERS_PATH]:
            pass
        elif cmd.name == "include" and not rel_dir and \
                len(args) == 1 and args[0] in BUILD_MODE_SCRIPTS:
            pass
        elif cmd.name == "include" and len(args) == 1 and os.path.normpath(
                os.path.join(rel_dir, args[0])) in CMAKE_SCRIPTS:
            _read_script(root, os.path.normpath(os.path.join(rel_dir,
                                                             args[0])),
                         rel_dir, scope, project)
        elif cmd.name == "set":
            _do_set(scope, args, where)
        elif cmd.name == "list" and args[:1] == ["APPEND"] and len(args) > 1:
            old = scope.vars.get(args[1], "")
            scope.vars[args[1]] = ";".join(([old] if old else []) + args[2:])
        elif cmd.name == "add_compile_options" and not rel_dir:
            project.copts += args
        elif cmd.name == "add_subdirectory" and len(args) == 1:
            child = f"{rel_dir}/{args[0]}" if rel_dir else args[0]
            child = os.path.normpath(child)
            _read_dir(root, child, Scope(child, scope), project)
        elif cmd.name in HELPERS:
            _add_target(cmd.name, args, where, rel_dir, project)
        elif cmd.name == "target_compile_definitions":
            _add_definitions(args, where, project)
        elif cmd.name == "target_link_libraries":
            _target(args, where, project).deps += [
                a for a in args[1:] if a not in ("PUBLIC", "PRIVATE",
                                                 "INTERFACE")]
        else:
            raise GenError(
                f"{where}: gen_build.py does not understand {cmd.name}(); "
                "declare targets with tally_cc_library/tally_cc_test/"
                "tally_cc_binary, or teach bazel-compat/gen_build.py")


def _read_script(root, path, rel_dir, scope, project):
    """An include()d CMAKE_SCRIPTS file: its declarations, not its writing."""
    with open(os.path.join(root, path), "rb") as f:
        data = f.read()
    info = CMAKE_SCRIPTS[path]
    if hashlib.sha256(data).hexdigest() != info["sha256"]:
        raise GenError(
            f"{path} changed (sha256 {hashlib.sha256(data).hexdigest()}); "
            f"bring its Bazel mirror ({', '.join(info['outputs'].values())}"
            " in bazel-compat/) up to date, then set its sha256 in "
            "CMAKE_SCRIPTS in bazel-compat/gen_build.py")
    binary = _BIN + ("/" + rel_dir if rel_dir else "")
    scope.vars["CMAKE_CURRENT_BINARY_DIR"] = binary
    globs = []
    depth = 0
    for cmd in parse_cmake(data.decode("utf-8"), path):
        if cmd.name in ("if", "foreach", "while"):
            depth += 1
        elif cmd.name in ("endif", "endforeach", "endwhile"):
            depth -= 1
        elif depth:
            pass                # the writing
        elif cmd.name == "set":
            _do_set(scope, scope.expand(cmd.args, cmd.where()), cmd.where())
        elif cmd.name == "file" and cmd.args[:1] == [("GLOB", False)]:
            args = scope.expand(cmd.args, cmd.where())
            globs += [a for a in args[2:] if a != "CONFIGURE_DEPENDS"]
        elif cmd.name in HELPERS:
            _add_target(cmd.name, scope.expand(cmd.args, cmd.where()),
                        cmd.where(), rel_dir, project)
    del scope.vars["CMAKE_CURRENT_BINARY_DIR"]
    for out, mirror in info["outputs"].items():
        patterns = []
        for g in globs:
            if not g.startswith(_SRC + "/"):
                raise GenError(f"{path}: file(GLOB {g!r}) is not in the "
                               "source tree")
            patterns.append(g[len(_SRC) + 1:])
        project.generated[out] = (mirror, patterns, path)


def _do_set(scope, args, where):
    if not args:
        raise GenError(f"{where}: set() without a variable")
    values = args[1:]
    if "PARENT_SCOPE" in values:
        raise GenError(f"{where}: set(... PARENT_SCOPE) not supported")
    if "CACHE" in values:
        values = values[:values.index("CACHE")]
    scope.vars[args[0]] = ";".join(values)


def _target(args, where, project):
    if not args or args[0] not in project.targets:
        raise GenError(f"{where}: not a target declared before this line")
    return project.targets[args[0]]


def _parse_keywords(args, options, keywords, where):
    """cmake_parse_arguments, strictly: {keyword: [values]}."""
    out = {k: [] for k in options + keywords}
    key = None
    for a in args:
        if a in options:
            out[a], key = [True], None
        elif a in keywords:
            key = a
        elif key is None:
            raise GenError(f"{where}: unexpected argument {a!r}")
        else:
            out[key].append(a)
    return out


def _source_path(rel_dir, value, where):
    """A SRCS/HDRS entry as a repository-relative path."""
    if value.startswith(_BIN + "/"):
        path = value[len(_BIN) + 1:]
        if not any(path in s["outputs"] for s in CMAKE_SCRIPTS.values()):
            raise GenError(f"{where}: {path} is written into the build tree "
                           "by a script gen_build.py has no mirror for")
        return path
    if value.startswith(_SRC + "/"):
        path = value[len(_SRC) + 1:]
    elif _SRC in value or _BIN in value or os.path.isabs(value):
        raise GenError(f"{where}: {value!r} is not a source file path")
    else:
        path = f"{rel_dir}/{value}" if rel_dir else value
    path = os.path.normpath(path)
    if path.startswith(".."):
        raise GenError(f"{where}: {value!r} is outside the repository")
    return path


def _add_target(helper, args, where, rel_dir, project):
    rule, options, keywords = HELPERS[helper]
    kw = _parse_keywords(args, options, keywords, where)
    if len(kw["NAME"]) != 1:
        raise GenError(f"{where}: {helper} needs exactly one NAME")
    t = Target(rule, kw["NAME"][0], where.rsplit(":", 1)[0])
    if t.name in project.targets:
        raise GenError(f"{where}: {t.name} is already declared in "
                       f"{project.targets[t.name].cmake_file}")
    t.srcs = [_source_path(rel_dir, s, where) for s in kw["SRCS"]]
    t.hdrs = [_source_path(rel_dir, h, where) for h in kw.get("HDRS", [])]
    t.deps = kw["DEPS"]
    t.testonly = bool(kw.get("TESTONLY"))
    if rule == "cc_test":
        t.args = kw["ARGS"]
        implicit = TEST_CUSTOM_MAIN_DEPS if kw["CUSTOM_MAIN"] else TEST_DEPS
        t.deps += [d for d in implicit if d not in t.deps]
    if rule != "cc_library" and not t.srcs:
        raise GenError(f"{where}: {t.name} has no SRCS")
    project.targets[t.name] = t


def _add_definitions(args, where, project):
    t = _target(args, where, project)
    public = None
    for a in args[1:]:
        if a in ("PUBLIC", "INTERFACE", "PRIVATE"):
            public = a != "PRIVATE"
        elif public is None:
            raise GenError(f"{where}: definition before PUBLIC/PRIVATE")
        else:
            t.defines.append((a, public))


def _read_proto_dir(commands, scope, project):
    """proto/CMakeLists.txt: only its two lists of protos are read."""
    lists = {}
    declared = False
    for cmd in commands:
        if cmd.name == "set" and cmd.args and \
                cmd.args[0][0] in ("TALLY_PROTOS", "TALLY_GRPC_PROTOS"):
            args = scope.expand(cmd.args, cmd.where())
            lists[args[0]] = args[1:]
        if cmd.name == "add_library" and cmd.args[:1] == [(PROTO_TARGET,
                                                            False)]:
            declared = True
    path = f"{PROTO_DIR}/CMakeLists.txt"
    if not declared or "TALLY_PROTOS" not in lists:
        raise GenError(f"{path}: expected set(TALLY_PROTOS ...) and "
                       f"add_library({PROTO_TARGET} ...)")
    t = Target("cc_library", PROTO_TARGET, path)
    t.protos = lists["TALLY_PROTOS"]
    t.grpc_protos = lists.get("TALLY_GRPC_PROTOS", [])
    for p in t.grpc_protos:
        if p not in t.protos:
            raise GenError(f"{path}: {p} is in TALLY_GRPC_PROTOS but not in "
                           "TALLY_PROTOS")
    t.deps = list(PROTO_DEPS)
    t.hdrs = [f"{PROTO_DIR}/{h}" for h in _proto_outputs(t, ".h")]
    project.targets[t.name] = t


def _proto_outputs(t, ext, proto=None):
    """Generated files (paths under proto/ in the build tree) ending in ext."""
    out = []
    for p in [proto] if proto else t.protos:
        stem = p[:-len(".proto")]
        out.append(f"{stem}.pb{ext}")
        if p in t.grpc_protos:
            out.append(f"{stem}.grpc.pb{ext}")
    return out


# ----------------------------------------------------------------------------
# Writing Bazel.

def _q(s):
    return json.dumps(s)


def _list(items, indent=4):
    """A Starlark list of already-quoted items, buildifier style."""
    if not items:
        return "[]"
    if len(items) == 1 and len(items[0]) < 60:
        return f"[{items[0]}]"
    pad = " " * (indent + 4)
    return "[\n" + "".join(f"{pad}{i},\n" for i in items) + " " * indent + "]"


def _rule(kind, attrs, comment=None):
    out = [f"# {comment}"] if comment else []
    out.append(f"{kind}(")
    for key, value in attrs:
        if value in (None, "", []):
            continue
        value = _list(value) if isinstance(value, list) else value
        out.append(f"    {key} = {value},")
    out.append(")")
    return "\n".join(out)


class Writer:
    def __init__(self, root, project):
        self.root = root
        self.project = project
        self.system = set()         # CMake names of system libraries used
        self.outside = {}           # repository name -> path from the root

    def label(self, dep, where):
        if dep in self.project.targets:
            return _q(":" + dep)
        if dep in SYSTEM_LIBS:
            self.system.add(dep)
            return _q(f"{SYSTEM_PKG}:{SYSTEM_LIBS[dep][0]}")
        raise GenError(
            f"{where}: {dep!r} is neither a tally target nor a system library "
            "gen_build.py knows; add it to SYSTEM_LIBS in "
            "bazel-compat/gen_build.py (`pkg-config --libs <module>` gives "
            "the flags)")

    def path_value(self, value, where):
        """A CMake value naming source paths -> (Bazel value, data).

        The value works from a test's working directory (the runfiles root),
        and the files it names become data. A path outside the repository
        (CMake may name ../shared/regulations) becomes an optional_directory
        repository: the folder's files, or none when it is absent, as in a
        clean clone.
        """
        data = []

        def repl(m):
            rel = os.path.normpath(m.group(1).lstrip("/") or ".")
            if rel.startswith(".."):
                repo = "outside_" + re.sub(r"[^A-Za-z0-9]+", "_", rel).strip(
                    "_")
                self.outside[repo] = rel
                data.append(_q(f"@{repo}//:files"))
                return f"../{repo}/files"
            full = os.path.join(self.root, rel)
            if os.path.isdir(full):
                data.append(f"glob([{_q(rel + '/**')}])")
            elif os.path.isfile(full):
                data.append(_q(rel))
            else:
                raise GenError(f"{where}: {rel} does not exist")
            return f"../{SRC_REPO}/{rel}"
        return re.sub(_SRC + r"((?:/[^\s;\"']*)?)", repl, value), data

    def cc_rule(self, t):
        where = t.cmake_file
        deps = list(dict.fromkeys(self.label(d, where) for d in t.deps))
        data, defines, local_defines, args = [], [], [], []
        for value, public in t.defines:
            value, files = self.path_value(value, where)
            data += files
            (defines if public else local_defines).append(_q(_define(value)))
        for a in t.args:
            m = re.fullmatch(r"\$<TARGET_FILE:([^>]+)>", a)
            if m:
                binary = self.project.targets.get(m.group(1))
                if not binary or binary.kind != "cc_binary":
                    raise GenError(f"{where}: {a}: not a tally binary")
                data.append(_q(":" + binary.name))
                args.append(_q(f"$(rootpath :{binary.name})"))
            elif "$<" in a:
                raise GenError(f"{where}: generator expression {a!r} is not "
                               "supported; teach gen_build.py")
            else:
                value, files = self.path_value(a, where)
                data += files
                args.append(_q(value.replace("$", "$$")))
        attrs = [("name", _q(t.name)),
                 ("srcs", [_q(s) for s in t.srcs]),
                 ("hdrs", [_q(h) for h in t.hdrs]),
                 ("args", args),
                 ("copts", "TALLY_COPTS"),
                 ("data", _data(data)),
                 ("defines", defines),
                 ("local_defines", local_defines)]
        if t.testonly:
            attrs.append(("testonly", "True"))
        if t.kind == "cc_test":
            # CMake links tests with static libraries; so does this.
            attrs.append(("linkstatic", "True"))
        attrs.append(("deps", deps))
        return _rule(t.kind, attrs, f"{where}: {_helper_name(t.kind)}")

    def proto_rules(self, t):
        out = [
            f"# {t.cmake_file}: protoc and grpc_cpp_plugin (from /usr/bin) "
            f"write into {PROTO_DIR}/\n# in the Bazel tree, which is on the "
            "include path, so consumers include\n# \"tally/v1/x.pb.h\" as with "
            "CMake. Each run sees all the protos, for their imports.\n"
            "TALLY_PROTOS = " + _list([_q(f"{PROTO_DIR}/{p}")
                                       for p in t.protos], 0)]
        gen = f"$(RULEDIR)/{PROTO_DIR}"
        for p in t.protos:
            cmd = (f"p=$(location {PROTO_DIR}/{p}); protoc "
                   f"--proto_path=$${{p%/{p}}} --cpp_out={gen}")
            if p in t.grpc_protos:
                cmd += (f" --grpc_out={gen} --plugin=protoc-gen-grpc="
                        "$$(command -v grpc_cpp_plugin)")
            outs = _proto_outputs(t, ".cc", p) + _proto_outputs(t, ".h", p)
            out.append(_rule("genrule", [
                ("name", _q(re.sub(r"\W", "_", p[:-len(".proto")]) + "_pb")),
                ("srcs", "TALLY_PROTOS"),
                ("outs", [_q(f"{PROTO_DIR}/{o}") for o in outs]),
                ("cmd", _q(cmd + " $$p"))]))
        out.append(_rule("cc_library", [
            ("name", _q(t.name)),
            ("srcs", [_q(f"{PROTO_DIR}/{s}") for s in _proto_outputs(t,
                                                                      ".cc")]),
            ("hdrs", [_q(h) for h in t.hdrs]),
            ("copts", "TALLY_COPTS"),
            ("includes", [_q(PROTO_DIR)]),
            ("deps", [self.label(d, t.cmake_file) for d in t.deps])]))
        return "\n\n".join(out)

    def generated_rules(self):
        """A genrule per source a CMAKE_SCRIPTS file writes."""
        out = []
        for path, (mirror, patterns, script) in sorted(
                self.project.generated.items()):
            tool = _q(f"@//:{mirror}")
            out.append(_rule("genrule", [
                ("name", _q(re.sub(r"\W", "_", path))),
                ("srcs", f"glob({_list([_q(p) for p in patterns])})"),
                ("outs", [_q(path)]),
                ("cmd", _q(f"python3 $(location {tool[1:-1]}) $@ $(SRCS)")),
                ("tools", [tool])],
                f"{script} writes {os.path.basename(path)} at configure "
                f"time;\n# bazel-compat/{mirror} writes the same bytes."))
        return out

    def src_build(self):
        body = self.generated_rules() + [
            self.proto_rules(t) if t.protos else self.cc_rule(t)
            for t in self.project.targets.values()]
        copts = _list([_q(c) for c in self.project.copts], 0)
        return (
            GENERATED + "#\n"
            "# The tally checkout as repository @tally_src (WORKSPACE: "
            "new_local_repository,\n# path \"..\"), so the sources build in "
            "place. Every target of the CMake build.\n\n"
            'load("@rules_cc//cc:defs.bzl", "cc_binary", "cc_library", '
            '"cc_test")\n\n'
            'package(default_visibility = ["//visibility:public"])\n\n'
            "# CMAKE_CXX_STANDARD and add_compile_options() in "
            "CMakeLists.txt.\n"
            f"TALLY_COPTS = {copts}\n\n" + "\n\n".join(body) + "\n")

    def top_build(self):
        out = [GENERATED + "#\n"
               "# Every library and binary of the CMake build as an alias, "
               "every test as a\n# test_suite, so that `bazel build //...` "
               "and `bazel test //...` here cover\n# them all. The rules are "
               "in tally_src.BUILD.\n\n"
               'package(default_visibility = ["//visibility:public"])\n\n'
               + "exports_files(" + _list(
                   [_q("tally_src.BUILD")] + [_q(m) for m in sorted(
                       {g[0] for g in self.project.generated.values()})], 0)
               + ")"]
        for t in self.project.targets.values():
            label = _q(f"@{SRC_REPO}//:{t.name}")
            if t.kind == "cc_test":
                out.append(_rule("test_suite", [("name", _q(t.name)),
                                                ("tests", [label])]))
            else:
                out.append(_rule("alias", [("name", _q(t.name)),
                                           ("actual", label)]))
        return "\n\n".join(out) + "\n"

    def system_build(self):
        out = [GENERATED + "#\n"
               "# The system libraries the CMake build finds with "
               "find_package(), from Debian 12's\n# packages: headers in "
               "/usr/include, libraries linked by name.\n\n"
               'load("@rules_cc//cc:defs.bzl", "cc_library")\n\n'
               'package(default_visibility = ["//visibility:public"])']
        used, pending = set(), list(self.system)
        while pending:
            dep = pending.pop()
            if dep not in used:
                used.add(dep)
                pending += SYSTEM_LIB_DEPS.get(dep, [])
        for dep in sorted(used, key=lambda d: SYSTEM_LIBS[d][0]):
            name, flags = SYSTEM_LIBS[dep]
            out.append(_rule("cc_library", [
                ("name", _q(name)),
                ("defines", [_q(d) for d in SYSTEM_LIB_DEFINES.get(dep, [])]),
                ("linkopts", [_q(f) for f in dict.fromkeys(flags.split())]),
                ("deps", [_q(":" + SYSTEM_LIBS[d][0])
                          for d in SYSTEM_LIB_DEPS.get(dep, [])])], dep))
        return "\n\n".join(out) + "\n"

    def outside_bzl(self):
        out = ['"""Generated by bazel-compat/gen_build.py. DO NOT EDIT.\n\n'
               "Folders outside the repository that the CMake build names, "
               "as repositories\n(WORKSPACE loads this). Each holds the "
               "folder's files if it exists, and\nnone if not, as in a clean "
               'clone.\n"""\n\n'
               'load("//:optional_directory.bzl", "optional_directory")\n\n'
               "def outside_repositories():"]
        for repo, rel in sorted(self.outside.items()):
            out.append(f"    optional_directory(\n        name = {_q(repo)},"
                       f"\n        path = {_q(rel)},\n    )")
        if not self.outside:
            out.append("    pass")
        return "\n".join(out) + "\n"


def _helper_name(rule):
    return next(h for h, (r, _, _) in HELPERS.items() if r == rule)


def _data(items):
    """Quoted labels and glob() calls as one Starlark expression."""
    items = list(dict.fromkeys(items))
    labels = [i for i in items if not i.startswith("glob(")]
    globs = [i[len("glob(["):-len("])")] for i in items if i.startswith("glob(")]
    parts = ([_list(labels)] if labels else []) + \
        ([f"glob({_list(globs)})"] if globs else [])
    return " + ".join(parts)


def _define(value):
    """NAME=value for Bazel's `defines`, which tokenizes it like a shell.

    CMake passes NAME="text" to the compiler quotes and all, making the macro
    a string literal; for Bazel the quotes must be escaped to survive.
    """
    if re.fullmatch(r'[A-Za-z0-9_=./+:"-]*', value):
        return value.replace('"', '\\"')
    if "'" not in value:
        return f"'{value}'"
    raise GenError(f"definition {value!r} is too complex for gen_build.py")


def generate(root):
    """Reads the CMake build; returns it and {bazel-compat path: content}."""
    project = read_project(root)
    w = Writer(root, project)
    files = {"tally_src.BUILD": w.src_build(),   # collects system, outside
             "BUILD.bazel": w.top_build()}
    files["system/BUILD.bazel"] = w.system_build()
    files["outside.bzl"] = w.outside_bzl()
    return project, files


# ----------------------------------------------------------------------------
# Checking, from the committed Bazel files rather than from the generator.

class _BuildFile:
    """Runs a generated BUILD file as Python, recording its rules."""

    RULES = ("cc_library", "cc_test", "cc_binary", "genrule", "alias",
             "test_suite")

    def __init__(self, root, path):
        self.root = root
        self.rules = []
        env = {"load": lambda *a: None, "package": lambda **k: None,
               "exports_files": lambda *a, **k: None, "glob": self._glob,
               "True": True, "False": False}
        for kind in self.RULES:
            env[kind] = (lambda kind: lambda **kw: self.rules.append(
                dict(kw, _kind=kind)))(kind)
        with open(path, encoding="utf-8") as f:
            code = compile(f.read(), path, "exec")
        exec(code, env)   # our own generated file: plain calls and lists

    def _glob(self, patterns):
        return _glob(self.root, patterns)


def _glob(root, patterns):
    """Bazel's glob() for "dir/**" and "dir/*.ext" patterns: files only."""
    out = []
    for pat in patterns:
        if pat.endswith("/**"):
            for d, _, files in os.walk(os.path.join(root, pat[:-3])):
                out += [os.path.relpath(os.path.join(d, f), root)
                        for f in files]
        elif "**" not in pat:
            out += [os.path.relpath(f, root) for f in
                    glob.glob(os.path.join(glob.escape(root), pat))
                    if os.path.isfile(f)]
        else:
            raise GenError(f"glob pattern {pat} not understood")
    return sorted(out)


def _files_under(root, tops, extensions):
    found = set()
    for top in tops:
        for d, dirs, files in os.walk(os.path.join(root, top)):
            dirs[:] = [x for x in dirs if not x.startswith(".")]
            found |= {os.path.relpath(os.path.join(d, f), root)
                      for f in files if f.endswith(extensions)}
    return found


def _ownership(build, owners, files):
    """Each file in exactly one target, and each listed file existing."""
    problems = [f"{build}: {f} is in no target"
                for f in sorted(files - set(owners))]
    for f, names in sorted(owners.items()):
        if len(names) > 1:
            problems.append(f"{build}: {f} is in {len(names)} targets: "
                            + ", ".join(names))
        if f not in files and not f.endswith(".proto"):
            problems.append(f"{build}: {f} (in {', '.join(names)}) does not "
                            "exist")
    return problems


def check(root, here, project, cmake_build_dir=None):
    """Ways the committed Bazel build and the CMake build disagree."""
    problems = []
    sources = _files_under(root, SOURCE_ROOTS, SOURCE_EXTENSIONS)
    protos = _files_under(root, [PROTO_DIR], (".proto",))

    owners = {}
    for t in project.targets.values():
        for f in dict.fromkeys(t.srcs + t.hdrs):
            if not t.protos and f not in project.generated:
                owners.setdefault(f, []).append(t.name)
        for p in t.protos:
            owners.setdefault(f"{PROTO_DIR}/{p}", []).append(t.name)
    problems += _ownership("CMake", owners, sources | protos)

    try:
        rules = _BuildFile(root, os.path.join(here, "tally_src.BUILD")).rules
        top = _BuildFile(root, os.path.join(here, "BUILD.bazel")).rules
    except (OSError, SyntaxError, NameError, TypeError) as e:
        return problems + [f"Bazel: cannot read the committed files: {e}"]
    generated = {o for r in rules if r["_kind"] == "genrule"
                 for o in r["outs"]}
    owners = {}
    for r in rules:
        if r["_kind"].startswith("cc_"):
            for f in dict.fromkeys(r.get("srcs", []) + r.get("hdrs", [])):
                if f not in generated:
                    owners.setdefault(f, []).append(r["name"])
    problems += _ownership("Bazel", owners, sources)
    compiled = {s for r in rules if r["_kind"] == "cc_library"
                for s in r.get("srcs", []) if s in generated}
    for p in sorted(protos):
        if p[:-len(".proto")] + ".pb.cc" not in compiled:
            problems.append(f"Bazel: {p} is not compiled into a library")

    cmake_kinds = {t.name: t.kind for t in project.targets.values()}
    bazel_kinds = {r["name"]: r["_kind"] for r in rules
                   if r["_kind"].startswith("cc_")}
    for name in sorted(set(cmake_kinds) | set(bazel_kinds)):
        if cmake_kinds.get(name) != bazel_kinds.get(name):
            problems.append(f"{name}: CMake has "
                            f"{cmake_kinds.get(name) or 'no such target'}, "
                            f"Bazel {bazel_kinds.get(name) or 'none'}")
    suites = {r["name"]: r["tests"] for r in top if r["_kind"] == "test_suite"}
    for name, kind in sorted(bazel_kinds.items()):
        if kind == "cc_test" and \
                suites.get(name) != [f"@{SRC_REPO}//:{name}"]:
            problems.append(f"Bazel: {name} has no test_suite in BUILD.bazel;"
                            " `bazel test //...` would skip it")

    problems += check_includes(root, project)
    if cmake_build_dir:
        problems += check_ctest(cmake_build_dir, rules)
        problems += check_generated(root, here, project, cmake_build_dir)
    return problems


_INCLUDE_RE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


def check_includes(root, project):
    """Each #include "x" of a tally header is backed by a dependency.

    CMake puts the whole source tree on every include path, so a missing
    dependency goes unnoticed there; Bazel shows a compile only the headers
    of its target and the targets it depends on, so the build fails.
    """
    owner = {}
    for t in project.targets.values():
        for f in t.srcs + t.hdrs:
            owner.setdefault(f, t.name)
        for h in _proto_outputs(t, ".h") if t.protos else []:
            owner[h] = t.name
    closure = {}

    def reach(name):
        if name not in closure:
            closure[name] = {name}
            for d in project.targets[name].deps:
                if d in project.targets:
                    closure[name] |= reach(d)
        return closure[name]
    problems = []
    for t in project.targets.values():
        for f in t.srcs + (t.hdrs if not t.protos else []):
            try:
                with open(os.path.join(root, f), encoding="utf-8") as fh:
                    includes = _INCLUDE_RE.findall(fh.read())
            except OSError:
                continue    # reported as missing already
            for inc in includes:
                o = owner.get(inc)
                if o and o not in reach(t.name):
                    problems.append(
                        f"{f} includes \"{inc}\" from {o}, but {t.name} does "
                        f"not depend on {o}: add {o} to its DEPS in "
                        f"{t.cmake_file} (Bazel cannot see the header)")
    return problems


def check_ctest(build_dir, rules):
    """The tests a configured CMake build registers are the cc_tests, with
    the same arguments (a binary of the build dir as $(rootpath) of it)."""
    try:
        out = subprocess.run(["ctest", "--show-only=json-v1"], cwd=build_dir,
                             capture_output=True, text=True, check=True)
        tests = [t["name"] for t in json.loads(out.stdout).get("tests", [])]
    except (OSError, subprocess.CalledProcessError, ValueError) as e:
        return [f"ctest --show-only=json-v1 in {build_dir}: {e}"]
    # ctest leaves out the command of a test not built yet; the
    # CTestTestfile.cmake files have it either way.
    commands = {}
    for d, _, files in os.walk(build_dir):
        if "CTestTestfile.cmake" in files:
            path = os.path.join(d, "CTestTestfile.cmake")
            with open(path, encoding="utf-8") as f:
                for cmd in parse_cmake(f.read(), path):
                    if cmd.name == "add_test":
                        commands[cmd.args[0][0]] = [a for a, _ in cmd.args[2:]]
    bazel = {r["name"]: r for r in rules if r["_kind"] == "cc_test"}
    problems = []
    for name in tests:
        if name.endswith("_filters_check") or name == "regulation_map_check":
            continue  # CMake's own checks (cmake/TallyHelpers.cmake)
        if name not in bazel:
            problems.append(f"ctest registers {name}; Bazel has no such "
                            "cc_test")
            continue
        want = []
        for a in commands.get(name, []):
            if a.startswith("--gtest_filter="):
                continue
            if os.path.isabs(a) and a.startswith(os.path.abspath(build_dir)):
                a = f"$(rootpath :{os.path.basename(a)})"
            want.append(a)
        have = [re.sub(r"^\.\./[^/]+/", "", a) if "$(" not in a else a
                for a in bazel[name].get("args", [])]
        if len(want) != len(have) or any(
                w != h and "$(" in w + h for w, h in zip(want, have)):
            problems.append(f"{name}: ctest runs it with {want}, Bazel with "
                            f"{bazel[name].get('args', [])}")
    for name in sorted(set(bazel) - set(tests)):
        problems.append(f"cc_test {name} is not registered with ctest in "
                        f"{build_dir} (or that build dir is stale)")
    return problems


def check_generated(root, here, project, build_dir):
    """Each mirror script writes what its CMake script wrote in build_dir."""
    problems = []
    for path, (mirror, patterns, script) in sorted(project.generated.items()):
        spec = importlib.util.spec_from_file_location(
            mirror[:-3], os.path.join(here, mirror))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        try:
            ours = module.render([os.path.join(root, p)
                                  for p in _glob(root, patterns)])
            with open(os.path.join(build_dir, path), "rb") as f:
                theirs = f.read()
        except (OSError, ValueError) as e:
            problems.append(f"{path}: {e}")
            continue
        if ours != theirs:
            problems.append(f"{path}: bazel-compat/{mirror} does not write "
                            f"what {script} wrote in {build_dir}")
    return problems


# ----------------------------------------------------------------------------

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(
        description="Generates bazel-compat/'s BUILD files from the CMake "
                    "build, or checks them.")
    ap.add_argument("--check", action="store_true",
                    help="write nothing; exit 1 if the generated files are "
                         "stale or the builds disagree")
    ap.add_argument("--cmake-build-dir", metavar="DIR",
                    help="with --check: also compare with the tests ctest "
                         "registers in this configured CMake build dir")
    opts = ap.parse_args()
    root = os.path.dirname(here)
    try:
        with open(os.path.join(root, HELPERS_PATH), "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
        if digest != HELPERS_SHA256:
            raise GenError(
                f"{HELPERS_PATH} changed (sha256 {digest}); gen_build.py "
                "copies its semantics (see HELPERS in bazel-compat/"
                "gen_build.py): bring them up to date, then set "
                "HELPERS_SHA256")
        project, files = generate(root)
    except GenError as e:
        print(f"gen_build.py: {e}", file=sys.stderr)
        return 1

    problems = []
    for rel, content in files.items():
        path = os.path.join(here, rel)
        old = None
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                old = f.read()
        if old == content:
            continue
        if not opts.check:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(content)
            print(f"wrote bazel-compat/{rel}")
            continue
        diff = "".join(difflib.unified_diff(
            (old or "").splitlines(True), content.splitlines(True),
            f"bazel-compat/{rel} (committed)",
            f"bazel-compat/{rel} (from CMake)", n=1))
        problems.append(f"bazel-compat/{rel} is stale: run python3 "
                        f"bazel-compat/gen_build.py and commit it\n{diff}")
    n = {k: sum(t.kind == k for t in project.targets.values())
         for k in ("cc_library", "cc_binary", "cc_test")}
    summary = (f"{n['cc_library']} libraries, {n['cc_binary']} binaries, "
               f"{n['cc_test']} tests")
    if not opts.check:
        print(summary)
        return 0
    problems += check(root, here, project, opts.cmake_build_dir)
    if problems:
        print("gen_build.py --check: the Bazel and CMake builds disagree:",
              file=sys.stderr)
        for p in problems:
            print("  " + p.replace("\n", "\n  "), file=sys.stderr)
        return 1
    print(f"gen_build.py --check: OK, {summary}; every source in exactly one "
          "target of each build")
    return 0


if __name__ == "__main__":
    sys.exit(main())
