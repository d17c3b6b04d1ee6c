#ifndef GRIPFIT_BUILD_INFO_H
#define GRIPFIT_BUILD_INFO_H

/// The git commit the binary was built from, or "" when the build did not say.
/// `make release` passes it as -DGRIPFIT_COMMIT="<hash>"; plain `swift build` does not.
const char *gripfit_build_commit(void);

#endif
