#include "ErrorCode.h"

const char* errorCodeName(ErrorCode code) {
    switch (code) {
    case ErrorCode::LineTooLong:
        return "LINE_TOO_LONG";
    case ErrorCode::WriteFailed:
        return "WRITE_FAILED";
    case ErrorCode::NotConnected:
        return "NOT_CONNECTED";
    case ErrorCode::UnknownCommand:
        return "UNKNOWN_COMMAND";
    case ErrorCode::BadArgument:
        return "BAD_ARGUMENT";
    }
    return "UNKNOWN_COMMAND";
}
