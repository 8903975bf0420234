import Foundation
import InsetCore
import Testing
@testable import InsetRender

/// Shared memory given up when the terminal leaves the objects unread (issue 28, medium 3):
/// the encoder goes on in the escapes, the objects are unlinked, and it is said once.
@Suite("Kitty shared memory: unread objects")
struct SharedMemoryObjectsTests {
    static func image(_ shade: UInt8) -> RGBImage {
        let image = RGBImage(size: PixelSize(width: 32, height: 16))
        for index in 0..<(32 * 16 * 3) { image.bytes[index] = shade &+ UInt8(index % 7) }
        return image
    }

    static func objectNames(_ output: OutputBuffer) -> [String] {
        let text = String(decoding: output.array, as: UTF8.self)
        return text.components(separatedBy: "\u{1B}_G").dropFirst().compactMap { command in
            guard command.contains("t=s"), let payload = command.split(separator: ";", maxSplits: 1).last else { return nil }
            return Data(base64Encoded: String(payload.prefix { $0 != "\u{1B}" })).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    @Test("objects left unread: past the bound the encoder sends in the escapes, every object is unlinked, one notice")
    func unreadObjects() throws {
        let ledger = SharedMemoryObjects()
        let encoder = KittyGraphicsEncoder(transmission: .sharedMemory, passthrough: false, coding: .exact, ledger: ledger)
        var published: [String] = []
        var direct = 0
        for frame in 0..<(SharedMemoryObjects.mostUnread + 4) {
            let output = OutputBuffer()
            try encoder.encode(Self.image(UInt8(frame)), placement: KittyGraphicsTests.placement, into: output)
            let names = Self.objectNames(output)
            published += names
            if names.isEmpty {
                #expect(String(decoding: output.array, as: UTF8.self).contains("a=T,f=100,"), "in the escapes, as video")
                direct += 1
            }
        }
        #expect(published.count == SharedMemoryObjects.mostUnread + 1)
        #expect(direct == 3)
        #expect(!ledger.isUsable)
        for name in published { #expect(shm_open(name, O_RDONLY, 0) == -1 && errno == ENOENT, "\(name) left behind") }
        #expect(ledger.takeNotice()?.contains("did not read the pictures") == true)
        #expect(ledger.takeNotice() == nil, "said once")
    }

    @Test("objects the terminal reads keep shared memory in use")
    func readObjects() throws {
        let ledger = SharedMemoryObjects()
        let encoder = KittyGraphicsEncoder(transmission: .sharedMemory, passthrough: false, coding: .exact, ledger: ledger)
        for frame in 0..<(SharedMemoryObjects.mostUnread * 3) {
            let output = OutputBuffer()
            try encoder.encode(Self.image(UInt8(frame)), placement: KittyGraphicsTests.placement, into: output)
            let names = Self.objectNames(output)
            #expect(names.count == 1)
            names.forEach { shm_unlink($0) }  // as kitty does once it has read one
        }
        #expect(ledger.isUsable && ledger.takeNotice() == nil)
    }

    @Test("at exit every object still there is unlinked; a dead player's are swept at the next start")
    func removal() throws {
        let ledger = SharedMemoryObjects()
        let encoder = KittyGraphicsEncoder(transmission: .sharedMemory, passthrough: false, coding: .exact, ledger: ledger)
        let output = OutputBuffer()
        try encoder.encode(Self.image(9), placement: KittyGraphicsTests.placement, into: output)
        let name = try #require(Self.objectNames(output).first)
        ledger.removeAll()
        #expect(shm_open(name, O_RDONLY, 0) == -1 && errno == ENOENT)
        // An object named as a player that is gone names it.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inset-shm-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let dead = "inset-\(String(gone.processIdentifier, radix: 16))-1-1"
        let live = "inset-\(String(getpid(), radix: 16))-1-1"
        let deadObject = shm_open("/" + dead, O_CREAT | O_RDWR, 0o600)
        let liveObject = shm_open("/" + live, O_CREAT | O_RDWR, 0o600)
        close(deadObject); close(liveObject)
        defer { shm_unlink("/" + live); shm_unlink("/" + dead) }
        SharedMemoryObjects.removeLeftovers()
        #expect(shm_open("/" + dead, O_RDONLY, 0) == -1, "a dead player's object stays")
        #expect(shm_open("/" + live, O_RDONLY, 0) >= 0, "a running player's object went")
    }
}
