package dev.vspec.embeddedpostgres;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Work one process at a time does on a directory: a file lock beside it for other processes, and a lock in this JVM
 * (a second lock of the same file in one JVM would fail rather than wait).
 */
final class Locked {

    private static final ReentrantLock IN_THIS_JVM = new ReentrantLock();

    private Locked() {}

    interface Work<T> {
        T run() throws IOException;
    }

    static <T> T beside(Path dir, Work<T> work) throws IOException {
        IN_THIS_JVM.lock();
        try {
            Files.createDirectories(dir.getParent());
            Path lock = dir.resolveSibling(dir.getFileName() + ".lock");
            try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                    FileLock ignored = channel.lock()) {
                return work.run();
            }
        } finally {
            IN_THIS_JVM.unlock();
        }
    }
}
