;;; org_habits.el --- the tests' oracle: what Emacs' org-habit reads from org files  -*- lexical-binding: t -*-
;;
;; emacs --batch -Q -l Tests/Oracles/org_habits.el FILE...
;;
;; Visits each FILE in org-mode (one Emacs for all of them) and prints, for every heading
;; org-habit takes for a habit (`org-is-habit-p'), one line of tab-separated fields:
;;
;;   FILE  LINE  habit  SCHEDULED  SR-TYPE  SR-DAYS  DR-DAYS|-  DONE-DAY,DONE-DAY,...
;;
;; from `org-habit-parse-todo' (days as YYYY-MM-DD, done days oldest first, as org-habit
;; lists them), or, when org-habit refuses the habit,
;;
;;   FILE  LINE  error  MESSAGE
;;
;; org-habit reads only the last `org-habit-preceding-days' + `org-habit-following-days'
;; done days (28 by default): both are bound here so that it reads them all.

(require 'org)
(require 'org-habit)
(require 'calendar)

(setq org-habit-preceding-days 1000000
      org-habit-following-days 0)
(prefer-coding-system 'utf-8)
(setq coding-system-for-read 'utf-8)

(defun org-habits-oracle-day (absolute)
  "ABSOLUTE, a day number of `time-to-days', as YYYY-MM-DD."
  (let ((date (calendar-gregorian-from-absolute absolute)))
    (format "%04d-%02d-%02d" (nth 2 date) (nth 0 date) (nth 1 date))))

(defun org-habits-oracle-heading (file)
  "Print the habit at point of FILE, if it is one, or why org-habit refuses it."
  (let ((line (line-number-at-pos)))
    (condition-case err
        (when (org-is-habit-p (point))
          (let ((habit (org-habit-parse-todo)))
            (princ (format "%s\t%d\thabit\t%s\t%s\t%d\t%s\t%s\n"
                           file line
                           (org-habits-oracle-day (nth 0 habit))
                           (nth 5 habit) (nth 1 habit)
                           (if (nth 3 habit) (number-to-string (nth 3 habit)) "-")
                           (mapconcat #'org-habits-oracle-day (nth 4 habit) ",")))))
      (error (princ (format "%s\t%d\terror\t%s\n" file line
                            (replace-regexp-in-string "[\t\n]" " " (error-message-string err))))))))

(defun org-habits-oracle-file (file)
  "Print the habits of FILE, heading by heading (not through `org-map-entries', which stops
at the first heading it cannot read)."
  (with-temp-buffer
    (insert-file-contents file)
    (org-mode)
    (goto-char (point-min))
    (unless (org-at-heading-p) (outline-next-heading))
    (while (org-at-heading-p)
      (save-excursion (org-habits-oracle-heading file))
      (unless (outline-next-heading) (goto-char (point-max))))))

(dolist (file command-line-args-left)
  (org-habits-oracle-file file))
(setq command-line-args-left nil)
