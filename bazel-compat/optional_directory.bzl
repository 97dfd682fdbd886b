"""optional_directory: a folder outside the repository, if it is there.

The CMake build may name a folder beside the repository (core/vp's tests
compare their transcribed tables with ../shared/regulations when it is
checked out, and skip that otherwise). This repository rule gives Bazel the
same behaviour: target ":files" holds every file of the folder, or nothing
when the folder does not exist. The folder is read again whenever Bazel
refetches (`local = True`: every server start, or `bazel sync`).
"""

def _optional_directory_impl(rctx):
    # The tally repository is the parent of this workspace (bazel-compat/).
    root = rctx.path(Label("@//:WORKSPACE")).dirname.dirname
    folder = rctx.path("%s/%s" % (root, rctx.attr.path))
    if folder.exists:
        rctx.symlink(folder, "files")
        srcs = 'glob(["files/**"])'
    else:
        srcs = "[]"
    rctx.file("WORKSPACE", 'workspace(name = "%s")\n' % rctx.name)
    rctx.file("BUILD.bazel", """\
# %s, relative to the tally repository%s.
filegroup(
    name = "files",
    srcs = %s,
    visibility = ["//visibility:public"],
)
""" % (rctx.attr.path, "" if folder.exists else " (absent)", srcs))

optional_directory = repository_rule(
    implementation = _optional_directory_impl,
    attrs = {"path": attr.string(mandatory = True)},
    local = True,
)
