import XCTest
@testable import WhatsNewPreview

/// The preview answers only requests that name its own address (no DNS rebinding).
final class HostCheckTests: XCTestCase {
    func testLoopbackAcceptsItsAddressAndLocalhostWithItsPort() {
        let check = HostCheck(boundHost: "127.0.0.1", port: 8123)
        for header in ["127.0.0.1:8123", "localhost:8123", "LOCALHOST:8123", "[::1]:8123", " 127.0.0.1:8123 "] {
            XCTAssertTrue(check.allows(header), header)
        }
        XCTAssertEqual(check.canonical, "127.0.0.1:8123")
    }

    func testAForeignOrMissingHostIsRefused() {
        let check = HostCheck(boundHost: "127.0.0.1", port: 8123)
        for header: String? in [nil, "", "attacker.example:8123", "attacker.example", "127.0.0.1", "127.0.0.1:8124", "localhost",
                                "localhost.attacker.example:8123", "127.0.0.1:8123.attacker.example", "127.0.0.1:8123@attacker.example",
                                "127.0.0.2:8123", "0.0.0.0:8123"] {
            XCTAssertFalse(check.allows(header), header ?? "nil")
        }
    }

    func testAnotherAddressAcceptsOnlyItself() {
        let check = HostCheck(boundHost: "192.0.2.10", port: 80)
        XCTAssertTrue(check.allows("192.0.2.10:80"))
        XCTAssertFalse(check.allows("localhost:80"))
        XCTAssertFalse(check.allows("127.0.0.1:80"))
    }

    func testAnIPv6AddressIsBracketed() {
        let check = HostCheck(boundHost: "::1", port: 9000)
        XCTAssertEqual(check.canonical, "[::1]:9000")
        XCTAssertTrue(check.allows("[::1]:9000"))
        XCTAssertFalse(check.allows("::1:9000"))
    }

    func testLoopbackAddresses() {
        for host in ["127.0.0.1", "127.1.2.3", "localhost", "::1"] { XCTAssertTrue(HostCheck.isLoopback(host), host) }
        for host in ["0.0.0.0", "128.0.0.1", "127.0.0", "127.0.0.1.example", "127.0.0.256", "example.com", "::"] {
            XCTAssertFalse(HostCheck.isLoopback(host), host)
        }
    }
}
