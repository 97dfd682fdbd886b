# Small helpers so every CMakeLists.txt lists targets the same way (after
# abseil's absl_cc_library). bazel-compat mirrors these targets one for one.
#
#   tally_cc_library(NAME n SRCS a.cc HDRS a.h DEPS x y [TESTONLY])
#   tally_cc_test(NAME n_test SRCS n_test.cc DEPS n [CUSTOM_MAIN] [ARGS a b])
#   tally_cc_binary(NAME n SRCS main.cc DEPS x)

# Test code is compiled without optimisation or debug info: GoogleTest's
# macros make -O2 -g test bodies three times slower to compile, and the code
# under test (the libraries) keeps the build type's flags. A Debug build keeps
# its own flags. Used by tally_cc_test and by TESTONLY libraries (Bazel's testonly).
function(tally_test_compile_options target)
  target_compile_options(${target} PRIVATE $<$<NOT:$<CONFIG:Debug>>:-O0>
                                           $<$<NOT:$<CONFIG:Debug>>:-g0>)
endfunction()

function(tally_cc_library)
  cmake_parse_arguments(T "TESTONLY" "NAME" "SRCS;HDRS;DEPS" ${ARGN})
  if(T_SRCS)
    add_library(${T_NAME} STATIC ${T_SRCS} ${T_HDRS})
    target_include_directories(${T_NAME} PUBLIC ${PROJECT_SOURCE_DIR})
    target_link_libraries(${T_NAME} PUBLIC ${T_DEPS})
    if(T_TESTONLY)
      tally_test_compile_options(${T_NAME})
    endif()
  else()
    add_library(${T_NAME} INTERFACE)
    target_include_directories(${T_NAME} INTERFACE ${PROJECT_SOURCE_DIR})
    target_link_libraries(${T_NAME} INTERFACE ${T_DEPS})
  endif()
endfunction()

# A test's SRCS may define main() (tests/tests_main.cc does, to take the
# tallyd path as an argument); then it says CUSTOM_MAIN.
function(tally_cc_test)
  cmake_parse_arguments(T "CUSTOM_MAIN" "NAME" "SRCS;DEPS;ARGS" ${ARGN})
  add_executable(${T_NAME} ${T_SRCS})
  tally_test_compile_options(${T_NAME})
  if(T_CUSTOM_MAIN)
    target_link_libraries(${T_NAME} PRIVATE ${T_DEPS} GTest::gmock GTest::gtest)
  else()
    target_link_libraries(${T_NAME} PRIVATE ${T_DEPS} GTest::gmock GTest::gtest_main)
  endif()
  add_test(NAME ${T_NAME} COMMAND ${T_NAME} ${T_ARGS})
endfunction()

function(tally_cc_binary)
  cmake_parse_arguments(T "" "NAME" "SRCS;DEPS" ${ARGN})
  add_executable(${T_NAME} ${T_SRCS})
  target_link_libraries(${T_NAME} PRIVATE ${T_DEPS})
endfunction()
