#include "LinkState.h"

const char* linkStateName(LinkState state) {
    switch (state) {
    case LinkState::Idle:
        return "IDLE";
    case LinkState::Scanning:
        return "SCANNING";
    case LinkState::Connecting:
        return "CONNECTING";
    case LinkState::Connected:
        return "CONNECTED";
    }
    return "IDLE";
}
