#include "gripfit_build_info.h"

const char *gripfit_build_commit(void) {
#ifdef GRIPFIT_COMMIT
    return GRIPFIT_COMMIT;
#else
    return "";
#endif
}
