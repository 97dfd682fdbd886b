# Build modes for finding memory and undefined-behaviour bugs, and the
# linker. CMake only: nothing here changes a target, so
# bazel-compat/gen_build.py skips this file.
#
#   -DTALLY_SANITIZE=ON  every target compiled and linked with AddressSanitizer
#                        and UndefinedBehaviorSanitizer (g++ or clang); a
#                        finding aborts the process, so the test fails.
#                        .ci/sanitize builds this way into build-asan.
#   -DTALLY_FUZZ=ON      clang only: as TALLY_SANITIZE, with libFuzzer's
#                        coverage instrumentation, and for each test
#                        <name>_fuzz_inputs_test of tests/fuzz/ a libFuzzer
#                        binary <name>_fuzzer built from the same target
#                        source. .ci/fuzz builds this way into build-fuzz.

option(TALLY_SANITIZE "Build with AddressSanitizer and UBSan" OFF)
option(TALLY_FUZZ "Build tests/fuzz targets as libFuzzer binaries (clang)" OFF)

if(TALLY_SANITIZE OR TALLY_FUZZ)
  set(tally_sanitizers -fsanitize=address,undefined -fno-sanitize-recover=all
      -fno-omit-frame-pointer)
  add_compile_options(${tally_sanitizers})
  add_link_options(${tally_sanitizers})
  # protoc's generated code is not ours to fix and the sanitizers make its
  # huge functions take many minutes each to compile: it is left
  # uninstrumented for ASan and UBSan (like libprotobuf itself), which the
  # sanitizers allow. It keeps libFuzzer's coverage, which is how a fuzzer
  # learns the requests' wire format.
  function(tally_unsanitize_generated_code)
    target_compile_options(tally_proto PRIVATE -fno-sanitize=address,undefined)
  endfunction()
  cmake_language(DEFER DIRECTORY ${PROJECT_SOURCE_DIR}
                 CALL tally_unsanitize_generated_code)
endif()

if(TALLY_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "TALLY_FUZZ needs clang (libFuzzer): "
                        "-DCMAKE_CXX_COMPILER=clang++")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link)

  # Runs once every directory is read: a <name>_fuzzer for every
  # <name>_fuzz_inputs_test, the same sources and libraries without the
  # input-replaying main and GoogleTest, linked with libFuzzer's main.
  function(tally_add_fuzzers)
    set(targets "")
    if(EXISTS ${PROJECT_SOURCE_DIR}/tests/fuzz/CMakeLists.txt)
      get_property(targets DIRECTORY ${PROJECT_SOURCE_DIR}/tests/fuzz
                   PROPERTY BUILDSYSTEM_TARGETS)
    endif()
    foreach(test IN LISTS targets)
      if(NOT test MATCHES "^(.+)_fuzz_inputs_test$")
        continue()
      endif()
      set(fuzzer ${CMAKE_MATCH_1}_fuzzer)
      get_target_property(srcs ${test} SOURCES)
      get_target_property(libs ${test} LINK_LIBRARIES)
      list(FILTER libs EXCLUDE REGEX "^(GTest::|tally_fuzz_input_replay$)")
      list(TRANSFORM srcs PREPEND ${PROJECT_SOURCE_DIR}/tests/fuzz/)
      add_executable(${fuzzer} ${srcs})
      target_link_libraries(${fuzzer} PRIVATE ${libs})
      target_link_options(${fuzzer} PRIVATE -fsanitize=fuzzer)
    endforeach()
  endfunction()
  cmake_language(DEFER DIRECTORY ${PROJECT_SOURCE_DIR} CALL tally_add_fuzzers)
endif()

# The ordinary build links with gold (binutils, installed with g++), when
# the toolchain accepts it: measured on the 2-core machine, the unit-test
# bundle links in 3.0 s instead of 10.1 s with the default BFD ld, and the
# links are on the build's critical path. The sanitizer and fuzzer builds
# keep their toolchain's default linker.
if(NOT TALLY_SANITIZE AND NOT TALLY_FUZZ)
  include(CheckLinkerFlag)
  check_linker_flag(CXX -fuse-ld=gold TALLY_LINKER_GOLD)
  if(TALLY_LINKER_GOLD)
    add_link_options(-fuse-ld=gold)
  endif()
endif()
