#pragma once

/// Where the native InternalFS keeps its files.
namespace NativeFlash {

/// Creates `directory` if needed; false if it cannot be used.
bool useDirectory(const char* directory);
/// Removes `directory` and the files in it (a scratch flash).
void removeDirectory(const char* directory);

}  // namespace NativeFlash
