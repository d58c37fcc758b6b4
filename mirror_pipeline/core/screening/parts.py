"""The words that say a value is given in parts: its first part here ("前八位 5524 8301", "the first half is maple",
"card starts 4539 1488"), the rest after it ("后八位 9976 4024", "second half Otter93!", "and then 3009 4410").

One definition for every reader of them: the rules that take both parts of one text, the dialogue that pairs a part
with the next message's rest, the card detector that takes a card's first digits, and the prefilter that lets those
texts through. Plain alternations (no flags, no look-behind: the prefilter's copy runs in Rust's regex too); a reader
wraps them in `(?:...)` and makes them case-blind as it needs.
"""

from __future__ import annotations

# a count of digits: 八位, 8位, 六个, 八码 (Taiwan's 前八碼)
_COUNT = r"[一二三四五六七八九十两\d]{1,2}(?:位|个|码)"

FIRST_PART = (
    r"前面|前边|开头|前半段|前半部分|前半截|前半|前一半|前几位|头几位|前缀|前"
    + _COUNT
    # (session 19: "头两位 62")
    + r"|头"
    + _COUNT
    + r"|\bfirst (?:half|part|bit|few"
    r"|(?:two|three|four|five|six|eight|\d{1,2})(?: digits?| numbers?)?)\b|\bstarts?(?: with)?\b|\bbegins?(?: with)?\b"
    # (session 18: "part one 4024 0071" / "part two 8835 1129")
    r"|\bpart (?:one|1|a)\b"
)
REST = (
    r"后面|后边|后半段|后半部分|后半截|后半|后一半|后几位|后"
    + _COUNT
    + r"|剩下的?|其余的?|结尾|末尾"
    # (session 19: "尾两位 09", "最后两位 95")
    + r"|尾"
    + _COUNT
    + r"|最后"
    + _COUNT
    # (session 16: or counted, "last 8", "the final eight numbers")
    + r"|\b(?:second|other|last|next|final) (?:half|part|bit|(?:two|three|four|five|six|seven|eight|\d{1,2})(?: digits?| numbers?)?)\b"
    r"|\bpart (?:two|2|b)\b"
    r"|\brest(?: of it)?\b|\bending\b|\bends?(?: with| in)?\b"
)
# what only goes on with digits already given (a card's rest: "and then 3009 4410", "然后 3009 4410")
THEN = r"\band then\b|\bthen\b|然后|接着|再"
