# Precompiled headers (CMake only: bazel-compat/gen_build.py skips this file
# and Bazel compiles without them).
#
# Most of a tally compile is parsing the same headers again: the standard
# library and Abseil take 2-3 s of every file, tally's generated protobuf
# messages 3-4 s more, GoogleTest 1-2 s, where the file's own code takes
# 1-5 s. gRPC and the service stubs take 5-10 s more in each file that
# talks to a service (about a hundred, in server/ and tests/). Each target
# compiles against one of six precompiled sets, chosen by its folder, what
# its sources include and how it is compiled (GCC accepts a precompiled
# header only under the optimisation and debug flags it was made with):
#
#   core_lib    libraries of core/: the standard library and Abseil (core/
#               includes no protobuf)
#   proto_lib   every other library and binary: core_lib's headers and
#               tally's generated messages
#   grpc_lib    those of them with a source that includes gRPC (directly or
#               through tally's headers): proto_lib's headers, gRPC's and
#               the four most used service stubs. Only those: loading this
#               set costs a file that does not need it a second or two.
#   core_test   tests and test-only libraries of core/, at the tests' -O0
#               -g0 (cmake/TallyHelpers.cmake): core_lib's and GoogleTest's
#   proto_test  every other test: proto_lib's and GoogleTest's, at -O0 -g0
#   grpc_test   those of them that include gRPC: grpc_lib's and GoogleTest's
#
# The choice is made when CMake configures; a source that starts or stops
# including gRPC later still compiles, only a little slower, until then.
#
# A header of the set is visible to a file that does not include it, so a
# missing #include compiles here; gen_build.py --check and Bazel's sandbox
# still catch it. -DTALLY_PCH=OFF builds without (the sanitizer and fuzzing
# builds in .ci/ do not need it).

option(TALLY_PCH "Compile against precompiled common headers" ON)

set(tally_pch_headers_core_lib
    <algorithm> <cstdint> <functional> <map> <memory> <optional> <set>
    <string> <tuple> <utility> <vector>
    [["absl/status/status.h"]] [["absl/status/statusor.h"]]
    [["absl/strings/str_cat.h"]] [["absl/strings/str_join.h"]]
    [["absl/strings/string_view.h"]] [["absl/time/time.h"]])
set(tally_pch_headers_proto_lib ${tally_pch_headers_core_lib}
    [["tally/v1/common.pb.h"]] [["tally/v1/events.pb.h"]]
    [["tally/v1/director.pb.h"]] [["tally/v1/venue.pb.h"]]
    [["tally/v1/query.pb.h"]])
set(tally_pch_headers_grpc_lib ${tally_pch_headers_proto_lib}
    [["grpcpp/grpcpp.h"]] [["tally/v1/audit.grpc.pb.h"]]
    [["tally/v1/director.grpc.pb.h"]] [["tally/v1/query.grpc.pb.h"]]
    [["tally/v1/venue.grpc.pb.h"]])
set(tally_pch_gtest [["gmock/gmock.h"]] [["gtest/gtest.h"]])
foreach(folder IN ITEMS core proto grpc)
  set(tally_pch_headers_${folder}_test ${tally_pch_headers_${folder}_lib}
      ${tally_pch_gtest})
endforeach()

# What a target compiling against a set links: the owner and every user of a
# set must have the same definitions and flags (-pthread's _REENTRANT,
# GoogleTest's GTEST_HAS_PTHREAD), or GCC rejects the precompiled header.
set(tally_pch_deps_core_lib Threads::Threads absl::status absl::statusor
    absl::strings absl::time)
set(tally_pch_deps_proto_lib ${tally_pch_deps_core_lib} tally_proto)
# tally_proto links gRPC::grpc++ already.
set(tally_pch_deps_grpc_lib ${tally_pch_deps_proto_lib})
foreach(folder IN ITEMS core proto grpc)
  set(tally_pch_deps_${folder}_test ${tally_pch_deps_${folder}_lib}
      GTest::gmock GTest::gtest)
endforeach()

# The six targets that own the precompiled headers: libraries of one empty
# source.
if(TALLY_PCH)
  set(tally_pch_empty ${PROJECT_BINARY_DIR}/pch/empty.cc)
  file(WRITE ${tally_pch_empty} "// The precompiled headers' owner.\n")
  foreach(set IN ITEMS core_lib proto_lib grpc_lib core_test proto_test grpc_test)
    add_library(tally_pch_${set} STATIC ${tally_pch_empty})
    target_link_libraries(tally_pch_${set} PRIVATE ${tally_pch_deps_${set}})
    if(set MATCHES "_test$")
      tally_test_compile_options(tally_pch_${set})
    endif()
    target_precompile_headers(tally_pch_${set} PRIVATE
                              ${tally_pch_headers_${set}})
  endforeach()
endif()

# Sets OUT in the caller's scope to TRUE when FILE includes gRPC or a
# generated service stub, directly or through tally's own headers. Each
# file's answer is kept in a global property, so every file is read once.
function(tally_includes_grpc file out)
  string(MAKE_C_IDENTIFIER "tally_grpc_${file}" key)
  get_property(known GLOBAL PROPERTY ${key} SET)
  if(NOT known)
    # Marked first, so an include cycle ends.
    set_property(GLOBAL PROPERTY ${key} FALSE)
    set(found FALSE)
    set(includes "")
    if(EXISTS ${file})
      file(STRINGS ${file} includes REGEX "^#include \"")
    endif()
    foreach(line IN LISTS includes)
      string(REGEX REPLACE "^#include \"([^\"]+)\".*" "\\1" header "${line}")
      if(header MATCHES "^grpcpp/|\\.grpc\\.pb\\.h$")
        set(found TRUE)
      elseif(EXISTS ${PROJECT_SOURCE_DIR}/${header})
        tally_includes_grpc(${PROJECT_SOURCE_DIR}/${header} found)
      endif()
      if(found)
        break()
      endif()
    endforeach()
    set_property(GLOBAL PROPERTY ${key} ${found})
  endif()
  get_property(answer GLOBAL PROPERTY ${key})
  set(${out} ${answer} PARENT_SCOPE)
endfunction()

# Compiles TARGET, declared in the current directory, against the set for
# its folder, what its sources include and KIND (lib or test).
function(tally_precompile target kind)
  if(NOT TALLY_PCH)
    return()
  endif()
  set(folder proto)
  cmake_path(APPEND PROJECT_SOURCE_DIR "core" OUTPUT_VARIABLE core_dir)
  cmake_path(IS_PREFIX core_dir "${CMAKE_CURRENT_SOURCE_DIR}" NORMALIZE
             in_core)
  if(in_core)
    set(folder core)
  else()
    get_target_property(sources ${target} SOURCES)
    foreach(source IN LISTS sources)
      cmake_path(ABSOLUTE_PATH source)
      tally_includes_grpc(${source} uses_grpc)
      if(uses_grpc)
        set(folder grpc)
        break()
      endif()
    endforeach()
  endif()
  target_link_libraries(${target} PRIVATE ${tally_pch_deps_${folder}_${kind}})
  target_precompile_headers(${target} REUSE_FROM tally_pch_${folder}_${kind})
endfunction()
