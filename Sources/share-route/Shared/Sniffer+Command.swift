import Foundation
import ShareRouting
import ShareSniffing

extension Sniffer {
  /// The sniffer a command uses; when libmagic cannot be loaded the reason goes to standard
  /// error and the command exits 66.
  static func forCommand() throws -> Sniffer {
    do {
      return try Sniffer()
    } catch {
      Diagnostics.error(error.description)
      throw ExitStatus.unreadableInput
    }
  }
}
