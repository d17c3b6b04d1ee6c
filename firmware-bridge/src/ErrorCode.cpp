#include "ErrorCode.h"

const char* errorCodeName(ErrorCode code) {
    switch (code) {
    case ErrorCode::LineTooLong:
        return "LINE_TOO_LONG";
    case ErrorCode::WriteFailed:
        return "WRITE_FAILED";
    case ErrorCode::WriteTimeout:
        return "WRITE_TIMEOUT";
    case ErrorCode::DataLost:
        return "DATA_LOST";
    case ErrorCode::NotConnected:
        return "NOT_CONNECTED";
    case ErrorCode::UnknownCommand:
        return "UNKNOWN_COMMAND";
    case ErrorCode::BadArgument:
        return "BAD_ARGUMENT";
    }
    return "UNKNOWN_COMMAND";
}
