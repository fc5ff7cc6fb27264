package dev.vspec.cli.stack;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Guards the local broker's data directory for the broker's lifetime, across processes (OS file lock) and
 * within this JVM (where a second channel on the file could not lock it, and closing that channel would drop
 * the process's lock). Kafka's own log-dir lock is not enough: with the metadata log in the same directory it
 * is only taken after the controller has started writing, so a second broker on the directory could corrupt it.
 */
final class DataDirLock implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(DataDirLock.class);

    // Kafka only loads sub-directories of a log dir as partitions, so a plain file here is ignored.
    private static final String LOCK_FILE = "vspec-broker.lock";
    private static final Set<Path> heldByThisJvm = ConcurrentHashMap.newKeySet();

    private final Path dir;
    private final FileChannel channel;

    private DataDirLock(Path dir, FileChannel channel) {
        this.dir = dir;
        this.channel = channel;
    }

    static DataDirLock acquire(Path dir) {
        Path lockFile = dir.resolve(LOCK_FILE);
        if (!heldByThisJvm.add(dir)) {
            throw inUse(dir, lockFile);
        }
        try {
            return new DataDirLock(dir, lockAgainstOtherProcesses(dir, lockFile));
        } catch (RuntimeException e) {
            heldByThisJvm.remove(dir);
            throw e;
        }
    }

    private static FileChannel lockAgainstOtherProcesses(Path dir, Path lockFile) {
        FileChannel channel;
        try {
            channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new StackException("Cannot open lock file " + lockFile + ": " + e, e);
        }
        try {
            if (channel.tryLock() != null) {
                return channel;
            }
        } catch (IOException e) {
            closeQuietly(channel);
            throw new StackException("Cannot lock " + lockFile + ": " + e, e);
        }
        closeQuietly(channel);
        throw inUse(dir, lockFile);
    }

    @Override
    public void close() {
        closeQuietly(channel); // releases the OS lock
        heldByThisJvm.remove(dir);
    }

    private static StackException inUse(Path dir, Path lockFile) {
        return new StackException("Kafka data directory " + dir + " is already in use by another" + " local broker ("
                + lockFile + " is locked); stop it or use another data directory");
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException e) {
            log.warn("Could not close {}", channel, e);
        }
    }
}
