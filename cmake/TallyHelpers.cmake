# Small helpers so every CMakeLists.txt lists targets the same way (after
# abseil's absl_cc_library). bazel-compat mirrors these targets one for one.
#
#   tally_cc_library(NAME n SRCS a.cc HDRS a.h DEPS x y [TESTONLY])
#   tally_cc_test(NAME n_test SRCS n_test.cc DEPS n [CUSTOM_MAIN] [BUNDLE b]
#                 [ARGS a b])
#   tally_cc_binary(NAME n SRCS main.cc DEPS x)
#
# Test binaries are bundled (CMake only; Bazel keeps one cc_test per test).
# Linking a test against the server's libraries costs seconds, more than
# compiling most tests, so the tests are compiled one object library each
# and linked into a few binaries: tally_unit_tests for the tests that use
# GoogleTest's main, and for a CUSTOM_MAIN test the BUNDLE it names (its main
# comes from a dependency, as tests/tests_main.cc for the tallyd tests). A
# CUSTOM_MAIN test with no BUNDLE gets a binary of its own (the fuzz input
# tests, whose sources each define the same libFuzzer entry point). ctest
# still lists every test by its NAME: it runs the bundle with a
# --gtest_filter of the suites the test's sources define, and
# tally_test_bundle_check proves those filters cover each bundle exactly.

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
      tally_precompile(${T_NAME} test)
    else()
      tally_precompile(${T_NAME} lib)
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
  cmake_parse_arguments(T "CUSTOM_MAIN" "NAME;BUNDLE" "SRCS;DEPS;ARGS" ${ARGN})
  if(T_CUSTOM_MAIN)
    set(gtest GTest::gmock GTest::gtest)
  else()
    set(gtest GTest::gmock GTest::gtest_main)
    set(T_BUNDLE tally_unit_tests)
  endif()
  if(NOT T_BUNDLE)
    add_executable(${T_NAME} ${T_SRCS})
    tally_test_compile_options(${T_NAME})
    target_link_libraries(${T_NAME} PRIVATE ${T_DEPS} ${gtest})
    tally_precompile(${T_NAME} test)
    add_test(NAME ${T_NAME} COMMAND ${T_NAME} ${T_ARGS})
    return()
  endif()
  add_library(${T_NAME} OBJECT ${T_SRCS})
  tally_test_compile_options(${T_NAME})
  target_link_libraries(${T_NAME} PUBLIC ${T_DEPS} ${gtest})
  tally_precompile(${T_NAME} test)
  tally_bundle_test(${T_BUNDLE} ${T_NAME} "${T_SRCS}")
  add_test(NAME ${T_NAME}
           COMMAND ${T_BUNDLE} --gtest_filter=${TALLY_TEST_FILTER} ${T_ARGS})
endfunction()

# Links test object library TEST into the binary BUNDLE (made on first use,
# in the build dir's tests_bin/) and sets TALLY_TEST_FILTER in the caller's
# scope: the GoogleTest filter that selects exactly the suites of SRCS.
function(tally_bundle_test bundle test srcs)
  if(NOT TARGET ${bundle})
    add_executable(${bundle})
    set_target_properties(${bundle} PROPERTIES
                          RUNTIME_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/tests_bin)
    set_property(GLOBAL APPEND PROPERTY TALLY_TEST_BUNDLES ${bundle})
  endif()
  target_link_libraries(${bundle} PRIVATE ${test})
  set(filter "")
  foreach(src IN LISTS srcs)
    # Read at configure time, so a change to the source configures again.
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${src})
    file(READ ${CMAKE_CURRENT_SOURCE_DIR}/${src} text)
    # TEST(Suite, Name), TEST_F, TEST_P, TYPED_TEST and TYPED_TEST_P.
    string(REGEX MATCHALL "(^|\n)[ \t]*(TYPED_)?TEST(_F|_P)?\\([ \t\n]*[A-Za-z0-9_]+"
           uses "${text}")
    foreach(use IN LISTS uses)
      string(REGEX REPLACE ".*\\([ \t\n]*" "" suite "${use}")
      # A value-parameterised suite runs as Prefix/Suite.Name/N, a typed
      # one as Suite/N.Name.
      list(APPEND filter "${suite}.*" "*/${suite}.*" "${suite}/*")
    endforeach()
  endforeach()
  list(REMOVE_DUPLICATES filter)
  if(NOT filter)
    message(FATAL_ERROR "${test}: no GoogleTest suite found in ${srcs}")
  endif()
  list(JOIN filter ":" filter)
  set_property(GLOBAL APPEND PROPERTY TALLY_TEST_FILTERS_${bundle}
               "${test} ${filter}")
  set(TALLY_TEST_FILTER ${filter} PARENT_SCOPE)
endfunction()

# Called once at the end of the top-level CMakeLists.txt: for each bundle, a
# test that lists the bundle's tests and checks that every one is selected
# by exactly one ctest test's filter (cmake/check_test_bundle.py).
function(tally_check_test_bundles)
  get_property(bundles GLOBAL PROPERTY TALLY_TEST_BUNDLES)
  foreach(bundle IN LISTS bundles)
    get_property(lines GLOBAL PROPERTY TALLY_TEST_FILTERS_${bundle})
    list(JOIN lines "\n" text)
    set(filters ${PROJECT_BINARY_DIR}/tests_bin/${bundle}.filters)
    file(WRITE ${filters} "${text}\n")
    add_test(NAME ${bundle}_filters_check
             COMMAND ${Python3_EXECUTABLE}
                     ${PROJECT_SOURCE_DIR}/cmake/check_test_bundle.py
                     $<TARGET_FILE:${bundle}> ${filters})
  endforeach()
endfunction()

function(tally_cc_binary)
  cmake_parse_arguments(T "" "NAME" "SRCS;DEPS" ${ARGN})
  add_executable(${T_NAME} ${T_SRCS})
  target_link_libraries(${T_NAME} PRIVATE ${T_DEPS})
  tally_precompile(${T_NAME} lib)
endfunction()

# Called once at the end of the top-level CMakeLists.txt: a test that fails
# when the clause index of docs/guides/regulation-map.md, generated from the
# profiles, the code and the tests, is stale.
function(tally_check_regulation_map)
  add_test(NAME regulation_map_check
           COMMAND ${Python3_EXECUTABLE}
                   ${PROJECT_SOURCE_DIR}/docs/guides/regulation_map.py --check
           WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
endfunction()
