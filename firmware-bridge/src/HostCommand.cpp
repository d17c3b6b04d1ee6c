#include "HostCommand.h"

HostCommand::HostCommand()
    : kind(Kind::Ignored),
      error(ErrorCode::UnknownCommand),
      text(nullptr),
      textLength(0),
      address(),
      hasAddress(false),
      enabled(false) {}
