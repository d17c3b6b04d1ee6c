import Glibc
import GripFitOutput
import Testing

struct ErrnoTextTests {
    @Test func theCLibraryTextAloneOrWithTheNumber() {
        #expect(ErrnoText(ENOENT).message == "No such file or directory")
        #expect(ErrnoText(ENOENT).description == "No such file or directory (errno 2)")
        #expect("\(ErrnoText(EACCES))" == "Permission denied (errno 13)")
    }
}
