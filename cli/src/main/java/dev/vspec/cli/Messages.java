package dev.vspec.cli;

/** Exception messages made fit for one line of a terminal. */
public final class Messages {

    private Messages() {
    }

    public static String root(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return oneLine(root.getMessage() != null ? root.getMessage() : root.getClass().getSimpleName());
    }

    /** Line breaks, tabs and control characters (a terminal's escape sequences among them) become single spaces. */
    public static String oneLine(String text) {
        return text == null ? "" : text.replaceAll("[\\p{Cntrl}\\s]+", " ").strip();
    }
}
